/* The browser's share client, one file for the web wall's page, its service worker and the
   browser extension (which links Extensions/browser/src/queue.js here): the outbox every share
   is kept in before it is sent, the rules an answer is read by, and the loop that sends what
   waits. A classic script that defines `DWQueue` on the global object, so a page's deferred
   script, a worker's importScripts and an ES module's `import "./queue.js"` all load it.

   The rules are ShareKit's (Sources/ShareKit/Client and Delivery): a 2xx is the server's
   acknowledgement only when its JSON names the share's id (a network's sign-in page or a proxy's
   page also answers 200); 429 and 503 are retried after their Retry-After (seconds or an HTTP
   date), and 408, 425 and other 5xx with backoff and jitter; 401 keeps the share until the person
   signs in again; 400, 404, 409, 413, 415 and any other answer fail it for good (kept, with the
   server's reason, until the person lets it go), except a 409 `share_deleted`: it was stored.
   A share keeps its id however often it is sent, so the server saves it exactly once. */
(function (global) {
  "use strict";
  var DB = "dwall", VERSION = 2, STORE = "shares";
  /* Where the outboxes were before this one: the page's (`dwall` v1, store `outbox`, upgraded in
     place) and the extension's (a database of its own, moved in and deleted). */
  var PAGE_STORE = "outbox", EXTENSION_DB = "dwall-outbox";
  var FIRST_RETRY_MS = 5000, LONGEST_RETRY_MS = 5 * 60 * 1000, JITTER = 0.5;
  var Q = {};

  /* ---- The outbox: one IndexedDB store, one record per share ----------------------------
     { id, body, files?: [File], queuedAt, failures, notBefore, reason, refused, signedOut?,
       unconfirmed? }: `failures` counts the tries that met a passing failure, `notBefore` is when
     the next may be made, `reason` why the last did not go, `refused` why the server refused it
     for good. `unconfirmed`: the service worker took it from a share target POST it could not
     pass on; anyone's page can post there, so it is sent only once the person says so. */
  function request(open) {
    return new Promise(function (resolve, reject) { open.onsuccess = function () { resolve(open.result); }; open.onerror = function () { reject(open.error); }; });
  }
  function entry(fields) {
    return Object.assign({ failures: 0, notBefore: 0, reason: null, refused: null }, fields);
  }
  function upgrade(event, open) {
    var db = open.result, tx = open.transaction, store = db.createObjectStore(STORE, { keyPath: "id" });
    if (event.oldVersion !== 1 || !db.objectStoreNames.contains(PAGE_STORE)) return;
    tx.objectStore(PAGE_STORE).getAll().onsuccess = function (e) {
      e.target.result.forEach(function (old) { store.put(entry(old)); });
      db.deleteObjectStore(PAGE_STORE);
    };
  }
  function connect() {
    var open = indexedDB.open(DB, VERSION);
    open.onupgradeneeded = function (event) { upgrade(event, open); };
    return request(open).then(function (db) { db.onversionchange = function () { db.close(); }; return db; });
  }
  /* The extension's old records, in this outbox's shape. */
  function fromExtension(old) {
    var files = old.file ? [new File([old.file.blob], old.file.name || "file", { type: old.file.blob.type })] : undefined;
    return entry({ id: old.id, body: old.body, files: files, queuedAt: old.createdAt || Date.now(), failures: old.attempts || 0,
      notBefore: old.nextAttemptAt || 0, reason: old.reason || null, refused: old.refused || null });
  }
  /* Moves the extension's old outbox in (what this one lacks), then deletes it. */
  function adoptExtensionOutbox() {
    var open = indexedDB.open(EXTENSION_DB);
    open.onupgradeneeded = function () { open.transaction.abort(); }; /* none here: make none */
    return request(open).then(function (old) {
      var read = old.objectStoreNames.contains("shares")
        ? request(old.transaction("shares", "readonly").objectStore("shares").getAll()) : Promise.resolve([]);
      return read.then(function (records) {
        old.close();
        return write(function (store) {
          records.forEach(function (r) { store.get(r.id).onsuccess = function (e) { if (!e.target.result) store.put(fromExtension(r)); }; });
        });
      }).then(function () { return request(indexedDB.deleteDatabase(EXTENSION_DB)); });
    }, function () { /* there was none */ });
  }
  var adopted = null;
  function run(mode, work) {
    return connect().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode), result, req = work(tx.objectStore(STORE));
        if (req) req.onsuccess = function () { result = req.result; };
        tx.oncomplete = function () { db.close(); resolve(result); };
        tx.onerror = tx.onabort = function () { db.close(); reject(tx.error || new Error("The outbox write was aborted.")); };
      });
    });
  }
  function write(work) { return run("readwrite", work); }
  /* Runs `work` on the outbox store once the old outboxes are in (resolves once committed). */
  function outbox(mode, work) {
    adopted = adopted || adoptExtensionOutbox().catch(function () {});
    return adopted.then(function () { return run(mode, work); });
  }

  /* Keeps a share (its POST /v1/share body, and its files for a multipart share); resolves to
     the outbox entry once it is written. `unconfirmed`: it waits for the person's word. */
  Q.add = function (body, files, unconfirmed) {
    var kept = entry({ id: body.id, body: body, queuedAt: Q.now() });
    if (unconfirmed) kept.unconfirmed = true;
    if (files && files.length) kept.files = Array.prototype.slice.call(files);
    return Q.put(kept).then(function () { return kept; });
  };
  /* Writes an entry as it is. */
  Q.put = function (kept) { return outbox("readwrite", function (s) { return s.put(kept); }); };
  /* Every entry, oldest first. */
  Q.all = function () {
    return outbox("readonly", function (s) { return s.getAll(); })
      .then(function (r) { return (r || []).sort(function (a, b) { return a.queuedAt - b.queuedAt; }); });
  };
  /* One entry, or undefined. */
  Q.get = function (id) { return outbox("readonly", function (s) { return s.get(id); }); };
  /* Lets an entry go (the server has it, or the person dismissed it). */
  Q.remove = function (id) { return outbox("readwrite", function (s) { return s.delete(id); }); };
  /* The person confirmed an unconfirmed entry: it may be sent. */
  Q.confirm = function (kept) {
    var sendable = Object.assign({}, kept); delete sendable.unconfirmed;
    return Q.put(sendable);
  };

  /* ---- The rules: what an answer means ------------------------------------------------- */
  /* The time, in ms; tests put a clock of their own here. */
  Q.now = function () { return Date.now(); };

  /* The wait a Retry-After header asks for, in ms: delay seconds or an HTTP date (one in the
     past is no wait); null when it is neither. */
  Q.retryAfter = function (value, now) {
    var text = String(value == null ? "" : value).trim();
    if (/^\d+$/.test(text)) return Number(text) * 1000;
    if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return null;
    var at = Date.parse(text);
    return isNaN(at) ? null : Math.max(0, at - (now == null ? Q.now() : now));
  };

  /* What an answer to a share means: { outcome: "saved" | "kept" | "failed", reason, answer?,
     signedOut?, passing? (a failure that passes by itself, tried again after a backoff),
     unreachable? (no answer: the network is down or the server away),
     retryAfter? (ms the server asked to wait), paced? (a 429 saying how long: not a failure) }.
     `status` 0 stands for no answer at all (`reason` then says why). */
  Q.judge = function (id, status, json, retryAfterHeader, reason) {
    if (!status) return { outcome: "kept", passing: true, unreachable: true, reason: reason || "The server could not be reached." };
    if (status >= 200 && status < 300) {
      if (json && typeof json.id === "string" && json.id.toUpperCase() === String(id).toUpperCase()) return { outcome: "saved", answer: json };
      return { outcome: "kept", passing: true, reason: "The answer (HTTP " + status + ") did not come from the wall's server (a network's sign-in page?); the share is kept and sent again." };
    }
    var error = (json && json.error) || {}, said = typeof error.message === "string" ? error.message : "";
    if (status === 401) return { outcome: "kept", signedOut: true, reason: "Not signed in: " + (said || "the server no longer accepts this sign-in.") };
    if (status === 409 && error.code === "share_deleted") return { outcome: "saved", answer: null };
    if (status === 429 || status === 503) {
      var wait = Q.retryAfter(retryAfterHeader);
      return { outcome: "kept", passing: true, retryAfter: wait, paced: status === 429 && wait != null,
        reason: said || (status === 429 ? "Too many requests." : "The server is busy or restarting.") };
    }
    if (status === 408 || status === 425 || status >= 500) return { outcome: "kept", passing: true, reason: "The server failed (HTTP " + status + ")" + (said ? ": " + said : ".") };
    if ([400, 404, 409, 413, 415].indexOf(status) >= 0) return { outcome: "failed", reason: said || "The server refused it (HTTP " + status + ")." };
    return { outcome: "failed", reason: "Unexpected answer (HTTP " + status + ")" + (said ? ": " + said : ".") };
  };

  /* The wait before the next try after `failures` passing failures: 5 s doubling up to 5 min,
     the last half of it random (jitter), and never sooner than the server's Retry-After. */
  Q.backoff = function (failures, retryAfter, random) {
    var base = Math.min(FIRST_RETRY_MS * Math.pow(2, Math.max(0, failures - 1)), LONGEST_RETRY_MS);
    var jittered = base * (1 - JITTER * (random == null ? Math.random() : random));
    return retryAfter != null ? Math.max(retryAfter, jittered) : jittered;
  };

  /* ---- Sending ------------------------------------------------------------------------- */
  /* What POST /v1/share takes for an entry: { json } for a share alone, { form } (multipart:
     its metadata, then its files) for one with files. */
  Q.payload = function (kept) {
    if (!kept.files || !kept.files.length) return { json: kept.body };
    var form = new FormData();
    form.append("metadata", new Blob([JSON.stringify(kept.body)], { type: "application/json" }), "metadata.json");
    kept.files.forEach(function (file) { form.append("file", file, file.name || "file"); });
    return { form: form };
  };

  /* Reads a fetch Response (or its failure) into a verdict by `judge`. */
  function verdict(kept, sent) {
    return sent.then(function (response) {
      return response.text().then(function (text) {
        var json = null;
        try { json = text ? JSON.parse(text) : null; } catch (e) { json = null; }
        return Q.judge(kept.id, response.status, json, response.headers.get("Retry-After"));
      }, function () { return Q.judge(kept.id, 0, null, null, "The answer was cut off."); });
    }, function (error) {
      if (error && error.signedOut) return { outcome: "kept", signedOut: true, reason: error.message };
      return Q.judge(kept.id, 0, null, null, error && error.message);
    });
  }

  /* Sends one entry with `send(payload)` (a Response promise) and settles it in the outbox:
     removed once the server has it, refused for good, or kept with its next try's time (a
     Retry-After holds every other entry back as long).
     Resolves to { id, state: "saved" | "duplicate" | "queued" | "signedOut" | "refused",
     message, reason?, answer?, notBefore? }. */
  Q.attempt = function (kept, send) {
    return verdict(kept, Promise.resolve().then(function () { return send(Q.payload(kept)); })).then(function (v) {
      var result = { id: kept.id, reason: v.reason };
      /* Kept (or refused) only while it is still there: the person may have let it go meanwhile. */
      function settle(next, state, message) {
        return Q.get(kept.id).then(function (still) { return still && Q.put(next); })
          .then(function () { return Object.assign(result, { state: state, message: message }); });
      }
      if (v.outcome === "saved") {
        var answer = v.answer || {};
        return Q.remove(kept.id).then(function () {
          return Object.assign(result, { state: answer.duplicate ? "duplicate" : "saved", message: answer.message || "Saved.", answer: v.answer, reason: null });
        });
      }
      var next = Object.assign({}, kept, { reason: v.reason, signedOut: !!v.signedOut, unreachable: !!v.unreachable });
      if (v.outcome === "failed") {
        next.refused = v.reason;
        return settle(next, "refused", v.reason);
      }
      if (v.passing) {
        if (!v.paced) next.failures = (kept.failures || 0) + 1;
        next.notBefore = Q.now() + Q.backoff(Math.max(1, next.failures), v.retryAfter);
      }
      Object.assign(result, { notBefore: next.notBefore, retryAfter: v.retryAfter });
      return settle(next, v.signedOut ? "signedOut" : "queued", v.reason).then(function (settled) {
        return v.retryAfter != null ? holdBack(next.notBefore).then(function () { return settled; }) : settled;
      });
    });
  };
  /* `attempt`, taking its turn with the drains (a share the person has just made). */
  Q.send = function (kept, send) { return alone(function () { return Q.attempt(kept, send); }); };

  /* Runs `work` alone: one drain at a time in this browser (the page's tabs, its worker). */
  var tail = Promise.resolve();
  function alone(work) {
    if (global.navigator && navigator.locks) return navigator.locks.request("dwall-outbox-drain", work);
    var turn = tail.then(work, work); tail = turn.catch(function () {}); return turn;
  }
  /* Whether the loop may send an entry now: its time has come, or `force`, or `online` (the
     network is back) and the last try reached no server. */
  function due(kept, options) {
    if (kept.refused || kept.unconfirmed) return false;
    return !!options.force || !(kept.notBefore > Q.now()) || (!!options.online && !!kept.unreachable);
  }

  /* Sends what waits, oldest first, one drain at a time, until one can't go now (the server is
     away, busy or signed out: the rest would fare the same). `options.force` sends even what
     waits out its time, `options.online` what could not reach the server;
     `options.settled(entry, result)` hears of each. Resolves to { results, next }: `next` is
     when the earliest entry may be tried again (ms since the epoch), null when none waits. */
  Q.drain = function (send, options) {
    options = options || {};
    return alone(function () {
      var results = [];
      return Q.all().then(function (entries) {
        var sendable = entries.filter(function (e) { return due(e, options); });
        return sendable.reduce(function (chain, kept) {
          return chain.then(function (stop) {
            if (stop) return true;
            return Q.attempt(kept, send).then(function (result) {
              results.push(result);
              if (options.settled) options.settled(kept, result);
              return result.state === "queued" || result.state === "signedOut";
            });
          });
        }, Promise.resolve(false));
      }).then(Q.nextTry).then(function (next) { return { results: results, next: next }; });
    });
  };
  /* The server asked every sender to wait: no entry goes before `until`. */
  function holdBack(until) {
    return Q.all().then(function (entries) {
      return Promise.all(entries.filter(function (e) { return !e.refused && !(e.notBefore >= until); })
        .map(function (e) { return Q.put(Object.assign({}, e, { notBefore: until, unreachable: false })); }));
    });
  }
  /* When the earliest entry waiting out a time may go (ms since the epoch), or null. */
  Q.nextTry = function () {
    return Q.all().then(function (entries) {
      var times = entries.filter(function (e) { return !e.refused && !e.unconfirmed && !e.signedOut && e.notBefore; })
        .map(function (e) { return e.notBefore; });
      return times.length ? Math.min.apply(Math, times) : null;
    });
  };

  /* ---- The web wall's shares (the page's share box and the worker's share target) ------- */
  /* A v4 UUID from getRandomValues (crypto.randomUUID needs a secure context), upper-case. */
  Q.uuid = function () {
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) { return (x + 0x100).toString(16).slice(1); }).join("");
    return (h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20)).toUpperCase();
  };

  /* The link, passage and title of a share sheet's or the share box's fields; a link found in the
     passage (Android puts it there) is taken out of it. */
  function parts(fields) {
    var text = (fields.text || "").trim(), url = (fields.url || "").trim(), title = (fields.title || "").trim();
    if (!url) {
      var found = text.match(/https?:\/\/\S+/i);
      if (found) { url = found[0]; text = text.replace(found[0], "").trim(); }
    }
    return { text: text, url: url, title: title };
  }
  function extras(body, fields) {
    if (fields.note) body.userNote = fields.note;
    if (fields.wall) body.wall = fields.wall;
    if (fields.tags && fields.tags.length) body.tags = fields.tags;
    return body;
  }
  function start(fields, contentType) {
    return { id: fields.id || Q.uuid(), timestamp: new Date().toISOString(), source: fields.source || "web", contentType: contentType };
  }
  /* A share as POST /v1/share takes it, from a share sheet's or the share box's fields. */
  Q.share = function (fields) {
    var p = parts(fields), text = p.text, url = p.url, title = p.title, body;
    if (url && (!text || text === title)) { body = start(fields, "url"); body.url = url; if (title) body.title = title; }
    else { body = start(fields, "text"); body.text = text || title; if (url) body.url = url; if (text && title) body.title = title; }
    return extras(body, fields);
  };
  /* The metadata part of a share of files: each file becomes an item carrying the link, title and
     passage shared with it, as the server's share target does. */
  Q.fileShare = function (fields, files) {
    var p = parts(fields);
    var images = Array.prototype.every.call(files, function (f) { return /^image\//.test(f.type || ""); });
    var body = start(fields, images ? "image" : "file");
    if (p.url) body.url = p.url;
    if (p.title) body.title = p.title;
    if (p.text) body.text = p.text;
    return extras(body, fields);
  };

  global.DWQueue = Q;
})(typeof globalThis !== "undefined" ? globalThis : self);
