// Send now, else keep for later, by the share client the web wall uses too (src/queue.js, a
// link to Sources/WallWeb/Static/queue.js): every share is in its outbox before it is sent,
// leaves it only when the server's answer names it, and waits out backoff and Retry-After.
// This file is the extension's side of it: the request (token, proxy headers), the words the
// popup shows, and the alarm that wakes the worker for the next try.
import "./queue.js";
import { request, SIGNED_OUT } from "./api.js";

const Q = globalThis.DWQueue;
const listeners = new Set();

/** Calls `listener()` whenever the outbox changes (for the badge and the alarm). */
export function onChange(listener) { listeners.add(listener); }
function changed() { for (const listener of listeners) listener(); }

/** POST /v1/share as the extension makes it; the share client reads the answer. */
function send(payload) {
  return request("POST", "/v1/share", payload.form ? { body: payload.form } : { json: payload.json });
}

/** A share client's result in the popup's words: { state, message, reason?, item?, field? }. */
function present(result) {
  const item = result.answer && result.answer.item;
  switch (result.state) {
    case "queued": return { ...result, message: "Queued — will send when the server is reachable.", answer: undefined };
    case "signedOut": return { ...result, message: SIGNED_OUT, reason: SIGNED_OUT, answer: undefined };
    default: return { ...result, answer: undefined, item };
  }
}

/** Keeps a share ({ body, files? }), then tries to send it; resolves to what to tell the
 * person: { state: "saved" | "duplicate" | "queued" | "signedOut" | "refused", message, … }. */
export async function submit(share) {
  const kept = await Q.add(share.body, share.files);
  changed();
  try {
    return present(await Q.send(kept, send));
  } finally {
    changed();
  }
}

/** Sends what waits (what is due, or everything with `force`), one drain at a time; stops at
 * the first share the server can't take now. Resolves to each share's result. */
export async function drain({ force = false } = {}) {
  const report = await Q.drain(send, { force });
  if (report.results.length) changed();
  return report.results.map(present);
}

/** When the next share that waits out a time may go (ms since the epoch), or null. */
export function nextTry() { return Q.nextTry(); }

/** What waits and why, for the popup: [{ id, title, kind, reason, refused, attempts, nextAttemptAt }]. */
export async function waiting() {
  return (await Q.all()).filter((entry) => !entry.unconfirmed).map((entry) => ({
    id: entry.id,
    title: entry.body.title || entry.body.url || (entry.body.text || "").slice(0, 80) || ((entry.files || [])[0] || {}).name || "A share",
    kind: entry.body.contentType,
    reason: entry.reason,
    refused: entry.refused,
    attempts: entry.failures,
    nextAttemptAt: entry.notBefore,
  }));
}

/** How many shares wait to be sent (refused ones are listed, not counted). */
export async function waitingCount() {
  return (await Q.all()).filter((entry) => !entry.refused && !entry.unconfirmed).length;
}

/** Throws a share away (a refused one the person has read). */
export async function discard(id) {
  await Q.remove(id);
  changed();
}
