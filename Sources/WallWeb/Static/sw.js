/* The service worker: the app shell offline, a wall at once from its last copy (revalidated with
   its ETag while the live stream catches the page up), other pages from the network first (the
   last copy when offline), and the share target's POSTs passed on to the server, or kept in the
   offline queue, unconfirmed, when it cannot be reached.
   DWALL_VERSION and DWALL_SHELL are written above this by the server. */
"use strict";
importScripts("/assets/queue.js?v=" + DWALL_VERSION);
var CACHE = "dwall-" + DWALL_VERSION;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(DWALL_SHELL); }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf("dwall-") === 0 && k !== CACHE; }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (event) {
  if (event.data === "signed-out") event.waitUntil(caches.delete(CACHE + "-pages"));
});

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && url.pathname === "/share-target") { event.respondWith(takeShare(request)); return; }
  if (request.method !== "GET") return;
  /* A secret link's page (/w/dl_…) is never kept: revoked, it must answer 404 at once. */
  if (url.pathname.indexOf("/w/dl_") === 0) return;
  if (url.pathname.indexOf("/assets/") === 0 || url.pathname === "/offline") {
    event.respondWith(caches.match(request).then(function (hit) { return hit || fetch(request); }));
    return;
  }
  if (request.mode === "navigate" && !url.search && (url.pathname === "/" || /^\/w\/[^/]+$/.test(url.pathname))) {
    event.respondWith(wallFromCache(event, request));
    return;
  }
  if (request.mode === "navigate" && (url.pathname === "/" || url.pathname.indexOf("/w/") === 0 || url.pathname.indexOf("/items/") === 0)) {
    event.respondWith(pageFromNetwork(request));
  }
});

/* A wall (no search, no filter): its last copy at once, if there is one, then asked again with
   If-None-Match. Nothing changed: a 304 of a few hundred bytes. Changed: the new copy is kept for
   next time, and the page shown needs nothing (its live stream replays what happened since the
   copy's event id), unless its frame changed (X-Wall-Frame: the person's role there, the walls),
   when the page is told to load again. Signed out or gone: the copy is dropped and the page told
   to load again. */
function wallFromCache(event, request) {
  return caches.open(CACHE + "-pages").then(function (cache) {
    return cache.match(request).then(function (copy) {
      if (!copy) return pageFromNetwork(request);
      event.waitUntil(revalidate(cache, request, copy, event.resultingClientId || event.clientId));
      return copy;
    });
  });
}

function revalidate(cache, request, copy, clientId) {
  var headers = {}, tag = copy.headers.get("ETag");
  if (tag) headers["If-None-Match"] = tag;
  return fetch(request.url, { headers: headers, credentials: "same-origin", cache: "no-store", redirect: "manual" }).then(function (response) {
    if (response.status === 304) return;
    /* Changed cards arrive over the live stream; a changed frame (the person's role, the walls) does not. */
    if (response.ok) {
      var framed = response.headers.get("X-Wall-Frame") !== copy.headers.get("X-Wall-Frame");
      return cache.put(request, response).then(function () { if (framed) return tell(clientId, "page-stale"); });
    }
    if (response.type !== "opaqueredirect" && response.status !== 404) return; /* the server is busy: the copy stands */
    return cache.delete(request).then(function () { return tell(clientId, "page-stale"); });
  }).catch(function () { /* offline: the copy stands */ });
}

/* Posts `message` to the page with `clientId`, once it exists (a navigation's page may not yet). */
function tell(clientId, message) {
  return self.clients.get(clientId).then(function (client) {
    if (client) client.postMessage(message);
    else return self.clients.matchAll({ type: "window" }).then(function (all) { all.forEach(function (c) { c.postMessage(message); }); });
  });
}

/* Pages: the network's answer (a copy kept for offline), else the last copy, else the shell. */
function pageFromNetwork(request) {
  return fetch(request).then(function (response) {
    if (response.ok && !response.redirected) {
      var copy = response.clone();
      caches.open(CACHE + "-pages").then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }).catch(function () {
    return caches.open(CACHE + "-pages").then(function (cache) { return cache.match(request); }).then(function (hit) {
      return hit || caches.match("/offline");
    });
  });
}

/* A POST to the share target. The worker cannot tell the person's own share sheet from another
   site's form posting here (the browser's Sec-Fetch-Site, which tells them apart, is not shown to
   it), so it does not decide: online, the POST goes on to the server, which saves it only when
   the browser marks it as made by the person (or it carries the page's CSRF token) and otherwise
   shows the share page to confirm. Offline, or when the server can't take it now (429, 503, 408,
   425 or another 5xx, by the share client's rules: DWQueue.judge), it is queued *unconfirmed*
   (files and all: IndexedDB keeps the Blobs), not before the server's Retry-After: the wall shows
   it and sends it only when the person says so. */
function takeShare(request) {
  var copy = request.clone();
  return fetch(request).then(function (response) {
    if (response.type === "opaqueredirect" || response.status < 400) return response;
    var verdict = DWQueue.judge("", response.status, null, response.headers.get("Retry-After"));
    return verdict.passing ? keepShare(copy, verdict).catch(function () { return response; }) : response;
  }, function () {
    return keepShare(copy, { reason: "The server could not be reached.", unreachable: true }).catch(function () {
      return caches.match("/offline").then(function (hit) { return hit || Response.error(); });
    });
  });
}

/* Keeps a share target POST in the outbox, unconfirmed, with why it did not go (`verdict`). */
function keepShare(copy, verdict) {
  return copy.formData().then(function (form) {
    var fields = { id: form.get("id") || undefined, title: form.get("title"), text: form.get("text"), url: form.get("url"), source: "web_share_target" };
    var files = form.getAll("file").filter(function (f) { return typeof f !== "string" && (f.size > 0 || f.name); });
    var body = files.length ? DWQueue.fileShare(fields, files) : DWQueue.share(fields);
    return DWQueue.add(body, files, true);
  }).then(function (kept) {
    var wait = verdict.retryAfter != null ? verdict.retryAfter : 0;
    return DWQueue.put(Object.assign(kept, { reason: verdict.reason, unreachable: !!verdict.unreachable, notBefore: wait ? DWQueue.now() + wait : 0 }));
  }).then(function () {
    return Response.redirect("/?notice=queued", 303);
  });
}
