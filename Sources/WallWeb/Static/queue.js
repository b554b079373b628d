/* The offline share queue, kept in IndexedDB and shared by the page and the service worker.
   A share is queued first and sent after, with the id it was given when it was made, so it is
   saved exactly once however often it is sent. An entry may hold files (Blobs, which IndexedDB
   stores as they are); it is then sent as a multipart share, all files or none. An entry the
   server refused keeps its reason in `refused` and stays until the person lets it go. An entry
   the service worker took from a share target POST it could not send (offline) is marked
   `unconfirmed`: anyone's page can post to the share target, so it is sent only once the person
   says so on the wall. */
(function (global) {
  "use strict";
  var DB = "dwall", STORE = "outbox";

  function open() {
    return new Promise(function (resolve, reject) {
      var request = indexedDB.open(DB, 1);
      request.onupgradeneeded = function () { request.result.createObjectStore(STORE, { keyPath: "id" }); };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  function run(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode), result;
        var request = work(tx.objectStore(STORE));
        if (request) request.onsuccess = function () { result = request.result; };
        tx.oncomplete = function () { db.close(); resolve(result); };
        tx.onerror = tx.onabort = function () { db.close(); reject(tx.error); };
      });
    });
  }

  /* A v4 UUID from getRandomValues (crypto.randomUUID needs a secure context). */
  function uuid() {
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) { return (x + 0x100).toString(16).slice(1); }).join("");
    return (h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20)).toUpperCase();
  }

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

  /* A share as POST /v1/share takes it, from a share sheet's or the share box's fields. */
  function share(fields) {
    var p = parts(fields), text = p.text, url = p.url, title = p.title;
    var body = { id: fields.id || uuid(), timestamp: new Date().toISOString(), source: fields.source || "web" };
    if (url && (!text || text === title)) { body.contentType = "url"; body.url = url; if (title) body.title = title; }
    else { body.contentType = "text"; body.text = text || title; if (url) body.url = url; if (text && title) body.title = title; }
    return extras(body, fields);
  }

  /* The metadata part of a share of files: each file becomes an item carrying the link, title and
     passage shared with it, as the server's share target does. */
  function fileShare(fields, files) {
    var p = parts(fields);
    var images = Array.prototype.every.call(files, function (f) { return /^image\//.test(f.type || ""); });
    var body = { id: fields.id || uuid(), timestamp: new Date().toISOString(), source: fields.source || "web", contentType: images ? "image" : "file" };
    if (p.url) body.url = p.url;
    if (p.title) body.title = p.title;
    if (p.text) body.text = p.text;
    return extras(body, fields);
  }

  global.DWQueue = {
    uuid: uuid,
    share: share,
    fileShare: fileShare,
    add: function (body, files, unconfirmed) {
      var entry = { id: body.id, body: body, queuedAt: Date.now() };
      if (unconfirmed) entry.unconfirmed = true;
      if (files && files.length) entry.files = Array.prototype.slice.call(files);
      return run("readwrite", function (s) { return s.put(entry); });
    },
    all: function () { return run("readonly", function (s) { return s.getAll(); }).then(function (r) { return r || []; }); },
    remove: function (id) { return run("readwrite", function (s) { return s.delete(id); }); },
    /* Marks an entry as refused by the server, with why: it is kept, not sent again. */
    refuse: function (entry, reason) {
      var kept = Object.assign({}, entry, { refused: reason });
      return run("readwrite", function (s) { return s.put(kept); });
    },
    /* The person confirmed an unconfirmed entry: it may be sent. */
    confirm: function (entry) {
      var kept = Object.assign({}, entry); delete kept.unconfirmed;
      return run("readwrite", function (s) { return s.put(kept); });
    }
  };
})(self);
