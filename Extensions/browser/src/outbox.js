// The offline queue: every share is written here, with its id, before anything is sent, and
// stays until the server has answered 2xx for that id (the server turns a repeated id into the
// same item, so sending twice is harmless and nothing is lost or stored twice).
// One IndexedDB store, one record per share: { id, kind, body, file?, createdAt, attempts,
// nextAttemptAt, reason, refused }.

const DB_NAME = "dwall-outbox";
const STORE = "shares";

function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "id" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run(mode, body) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const result = body(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(result && "result" in result ? result.result : result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error || new Error("The outbox write was aborted."));
    });
  } finally {
    db.close();
  }
}

/** Keeps a share (durably: resolves once the transaction has committed). */
export function put(entry) {
  return run("readwrite", (store) => { store.put(entry); });
}

/** Removes a share the server has. */
export function remove(id) {
  return run("readwrite", (store) => { store.delete(id); });
}

/** One share, or undefined. */
export function get(id) {
  return run("readonly", (store) => store.get(id));
}

/** Every share waiting, oldest first. */
export async function all() {
  const entries = await run("readonly", (store) => store.getAll());
  return (entries || []).sort((a, b) => a.createdAt - b.createdAt);
}
