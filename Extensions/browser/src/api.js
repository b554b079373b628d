// The Digital Wall API as the extension uses it: one function per call, every failure turned
// into a ServerError whose kind says what to do (retry later, sign in again, or give up).
import { loadSettings, API_VERSION, NEEDED_FEATURES } from "./settings.js";

const TIMEOUT_MS = 20000;

/** Why a call failed: `unreachable` and `busy` are retried, `unauthorized` waits for a new
 * sign-in, `refused` is final (the server said no and will say no again). */
export class ServerError extends Error {
  constructor(kind, message, { status = 0, retryAfter = null, field = null } = {}) {
    super(message);
    this.kind = kind;
    this.status = status;
    this.retryAfter = retryAfter;
    this.field = field;
  }
  get retriable() { return this.kind === "unreachable" || this.kind === "busy"; }
}

/** Calls the server; resolves to the parsed JSON body (or null), rejects with a ServerError. */
export async function call(method, path, { json, body, settings, timeoutMs = TIMEOUT_MS, auth = true } = {}) {
  settings = settings || (await loadSettings());
  if (!settings.server) throw new ServerError("unauthorized", "Not signed in: open the extension's options to sign in.");
  const headers = new Headers();
  for (const [name, value] of settings.extraHeaders || []) headers.set(name, value);
  if (auth && settings.token) headers.set("Authorization", "Bearer " + settings.token);
  if (json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(json);
  }
  let response;
  try {
    response = await fetch(settings.server + path, {
      method, headers, body, credentials: "omit", cache: "no-store", redirect: "error",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const why = error && error.name === "TimeoutError" ? "the server did not answer in time" : "the server is not reachable";
    throw new ServerError("unreachable", `Can't reach ${settings.server}: ${why}.`);
  }
  const text = await response.text();
  let parsed = null;
  try { parsed = text ? JSON.parse(text) : null; } catch { parsed = null; }
  if (response.ok) return parsed;
  const error = parsed && parsed.error;
  const message = error && error.message ? error.message : `The server answered ${response.status}.`;
  const retryAfter = Number.parseInt(response.headers.get("Retry-After") || "", 10);
  const details = { status: response.status, retryAfter: Number.isFinite(retryAfter) ? retryAfter : null, field: error && error.field };
  if (response.status === 401) {
    throw new ServerError("unauthorized", "Signed out: the server no longer accepts this extension's token. Sign in again in the options.", details);
  }
  if (response.status === 429 || response.status >= 500 || (!error && response.status !== 413)) {
    // No JSON error body: a proxy or a server that is starting, not Digital Wall saying no.
    throw new ServerError("busy", message, details);
  }
  throw new ServerError("refused", message, details);
}

/** Exchanges a user name and password for a token labelled with the browser. */
export async function signIn(settings, username, password, label) {
  return call("POST", "/v1/auth/token", { json: { username, password, label }, settings, auth: false });
}

/** Revokes the token in use (`GET /v1/me` names it). */
export async function revokeToken(settings) {
  const me = await call("GET", "/v1/me", { settings });
  await call("DELETE", `/v1/tokens/${me.tokenId}`, { settings });
}

/** Checks that the server speaks the API this extension needs; resolves to
 * `{ ok, message, meta }` with a plain sentence when it does not. */
export async function checkVersion(settings) {
  let meta;
  try {
    meta = await call("GET", "/v1/meta", { settings, auth: false });
  } catch (error) {
    if (error instanceof ServerError && error.status === 404) {
      return { ok: false, message: "This Digital Wall server is older than the extension: it does not say which API it speaks (no /v1/meta). Update the server." };
    }
    throw error;
  }
  if (!meta || meta.apiVersion !== API_VERSION) {
    const theirs = meta && meta.apiVersion;
    return {
      ok: false, meta,
      message: theirs > API_VERSION
        ? `The server speaks API v${theirs}; this extension speaks v${API_VERSION}. Update the extension.`
        : `The server speaks API v${theirs}; this extension needs v${API_VERSION}. Update the server.`,
    };
  }
  const missing = NEEDED_FEATURES.filter((feature) => !(meta.features || []).includes(feature));
  if (missing.length) {
    return { ok: false, meta, message: `The server is too old for this extension (it lacks ${missing.join(", ")}). Update the server.` };
  }
  return { ok: true, meta, message: "" };
}

/** The user's walls. */
export async function walls() {
  const answer = await call("GET", "/v1/walls");
  return Array.isArray(answer) ? answer : (answer && answer.walls) || [];
}

/** Whether a page is on the wall: `{ saved, items }`. */
export async function lookup(url) {
  return call("GET", "/v1/items/lookup?url=" + encodeURIComponent(url));
}
