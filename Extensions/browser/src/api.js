// The Digital Wall API as the extension uses it: one function per call, every failure turned
// into a ServerError whose kind says what to do (retry later, sign in again, or give up), by the
// share client's rules (DWQueue.judge, the same file the web wall uses).
import "./queue.js";
import { loadSettings, API_VERSION, NEEDED_FEATURES } from "./settings.js";

const TIMEOUT_MS = 20000;
/** What the person is told when the server no longer takes the token. */
export const SIGNED_OUT = "Signed out: the server no longer accepts this extension's token. Sign in again in the options.";

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
  /** Whether signing in again is what it takes (the share client keeps the share for then). */
  get signedOut() { return this.kind === "unauthorized"; }
}

/** Sends one request to the server with the extension's token and extra headers; resolves to
 * the Response whatever its status, rejects with a ServerError when none came. */
export async function request(method, path, { json, body, settings, timeoutMs = TIMEOUT_MS, auth = true } = {}) {
  settings = settings || (await loadSettings());
  if (!settings.server) throw new ServerError("unauthorized", "Not signed in: open the extension's options to sign in.");
  if (auth && !settings.token) throw new ServerError("unauthorized", SIGNED_OUT);
  const headers = new Headers();
  for (const [name, value] of settings.extraHeaders || []) headers.set(name, value);
  if (auth) headers.set("Authorization", "Bearer " + settings.token);
  if (json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(json);
  }
  try {
    return await fetch(settings.server + path, {
      method, headers, body, credentials: "omit", cache: "no-store", redirect: "error",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const why = error && error.name === "TimeoutError" ? "the server did not answer in time" : "the server is not reachable";
    throw new ServerError("unreachable", `Can't reach ${settings.server}: ${why}.`);
  }
}

/** Calls the server; resolves to the parsed JSON body (or null), rejects with a ServerError. */
export async function call(method, path, options = {}) {
  const response = await request(method, path, options);
  const text = await response.text();
  let parsed = null;
  try { parsed = text ? JSON.parse(text) : null; } catch { parsed = null; }
  if (response.ok) return parsed;
  const error = parsed && parsed.error;
  const verdict = globalThis.DWQueue.judge("", response.status, parsed, response.headers.get("Retry-After"));
  const details = { status: response.status, retryAfter: verdict.retryAfter == null ? null : verdict.retryAfter / 1000, field: error && error.field };
  if (verdict.signedOut) throw new ServerError("unauthorized", SIGNED_OUT, details);
  const message = error && error.message ? error.message : `The server answered ${response.status}.`;
  throw new ServerError(verdict.outcome === "failed" ? "refused" : "busy", message, details);
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
