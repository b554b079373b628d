// Send now, else keep for later: every share is in the outbox before it is sent, leaves it
// only when the server has answered 2xx for its id, and is retried with backoff (and the
// server's Retry-After) while the server can't be reached or is busy.
import * as outbox from "./outbox.js";
import { call, ServerError } from "./api.js";

const FIRST_RETRY_MS = 5000;
const LONGEST_RETRY_MS = 30 * 60 * 1000;
let draining = null;
const listeners = new Set();

/** Calls `listener()` whenever the outbox changes (for the badge). */
export function onChange(listener) { listeners.add(listener); }
function changed() { for (const listener of listeners) listener(); }

/** How long to wait before attempt number `attempts + 1`. */
export function backoff(attempts, retryAfterSeconds) {
  if (retryAfterSeconds != null) return Math.max(1000, retryAfterSeconds * 1000);
  const base = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** Keeps a share, then tries to send it; resolves to what to tell the person:
 * { state: "saved" | "duplicate" | "queued" | "refused", message, reason?, item? }. */
export async function submit(share) {
  const entry = { ...share, createdAt: Date.now(), attempts: 0, nextAttemptAt: 0, reason: null, refused: null };
  await outbox.put(entry);
  changed();
  const result = await attempt(entry);
  if (result.state === "refused") {
    // The person is told now; a refused share would be refused again.
    await outbox.remove(entry.id);
    changed();
  }
  return result;
}

async function send(entry) {
  if (entry.file) {
    const form = new FormData();
    form.append("metadata", new Blob([JSON.stringify(entry.body)], { type: "application/json" }));
    form.append("file", entry.file.blob, entry.file.name);
    return call("POST", "/v1/share", { body: form });
  }
  return call("POST", "/v1/share", { json: entry.body });
}

async function attempt(entry) {
  try {
    const answer = await send(entry);
    await outbox.remove(entry.id);
    changed();
    const duplicate = Boolean(answer && answer.duplicate);
    return { state: duplicate ? "duplicate" : "saved", message: (answer && answer.message) || "Saved.", item: answer && answer.item };
  } catch (error) {
    if (!(error instanceof ServerError)) throw error;
    if (error.kind === "refused") {
      entry.refused = error.message;
      entry.reason = error.message;
      await outbox.put(entry);
      changed();
      return { state: "refused", message: error.message, field: error.field };
    }
    entry.attempts += 1;
    entry.reason = error.message;
    entry.signedOut = error.kind === "unauthorized";
    entry.nextAttemptAt = Date.now() + backoff(entry.attempts, error.retryAfter);
    await outbox.put(entry);
    changed();
    if (entry.signedOut) return { state: "signedOut", message: error.message, reason: error.message };
    return { state: "queued", message: "Queued — will send when the server is reachable.", reason: error.message };
  }
}

/** Sends what waits (what is due, or everything with `force`), one drain at a time; stops at
 * the first share the server can't take now (the others would fail the same way). */
export function drain({ force = false } = {}) {
  if (draining) return draining;
  draining = (async () => {
    const results = [];
    try {
      for (const entry of await outbox.all()) {
        if (entry.refused) continue;
        if (!force && entry.nextAttemptAt > Date.now()) continue;
        const result = await attempt(entry);
        results.push({ id: entry.id, ...result });
        if (result.state === "queued" || result.state === "signedOut") break;
      }
    } finally {
      draining = null;
    }
    return results;
  })();
  return draining;
}

/** What waits and why, for the popup: [{ id, title, kind, reason, refused, nextAttemptAt }]. */
export async function waiting() {
  return (await outbox.all()).map((entry) => ({
    id: entry.id,
    title: entry.body.title || entry.body.url || (entry.body.text || "").slice(0, 80) || (entry.file && entry.file.name) || "A share",
    kind: entry.body.contentType,
    reason: entry.reason,
    refused: entry.refused,
    attempts: entry.attempts,
    nextAttemptAt: entry.nextAttemptAt,
  }));
}

/** How many shares wait to be sent (refused ones are listed, not counted). */
export async function waitingCount() {
  return (await outbox.all()).filter((entry) => !entry.refused).length;
}

/** Throws a share away (a refused one the person has read). */
export async function discard(id) {
  await outbox.remove(id);
  changed();
}
