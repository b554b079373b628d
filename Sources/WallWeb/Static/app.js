/* Digital Wall's page script: delete with undo, keyboard shortcuts (which can be turned off),
   the settings' bookmark import, sign-out and the service worker; it starts what the other
   scripts define (masonry.js, dw.js, cards.js, sharebox.js: see docs/architecture.md). Plain
   JavaScript, no build step. */
(function () {
  "use strict";
  var DW = window.DW;
  var body = document.body, page = body.dataset.page;
  var wall = document.querySelector("[data-wall]");
  var UNDO_MS = 5000;

  /* ---- Delete with undo --------------------------------------------------------------- */
  var PENDING = "dwall-pending-deletes";
  function pending() { try { return JSON.parse(sessionStorage.getItem(PENDING) || "[]"); } catch (e) { return []; } }
  function setPending(list) { sessionStorage.setItem(PENDING, JSON.stringify(list)); }
  function finishDelete(id, keepalive) {
    setPending(pending().filter(function (p) { return p.id !== id; }));
    return DW.api("DELETE", "/v1/items/" + id, undefined, { keepalive: !!keepalive }).then(function (r) {
      if (r.ok || r.status === 404) { var card = document.getElementById("item-" + id); if (card) card.remove(); }
      else DW.toast("Could not delete it (" + r.status + ").");
    }).catch(function () { DW.toast("Could not delete it: offline."); });
  }
  function scheduleDeletes() {
    pending().forEach(function (p) {
      var card = document.getElementById("item-" + p.id); if (card) card.classList.add("is-hidden");
      var timer = setTimeout(function () { finishDelete(p.id); }, Math.max(0, p.due - Date.now()));
      DW.toast("Deleted.", "Undo", function () {
        clearTimeout(timer); setPending(pending().filter(function (q) { return q.id !== p.id; }));
        var c = document.getElementById("item-" + p.id); if (c) { c.classList.remove("is-hidden"); DW.span(c); }
      }, Math.max(1000, p.due - Date.now()), function (paused, left) {
        /* The delete waits while its Undo is focused or pointed at, and ends with the toast. */
        clearTimeout(timer);
        if (!paused) timer = setTimeout(function () { finishDelete(p.id); }, left);
      });
    });
  }
  window.addEventListener("pagehide", function () { pending().forEach(function (p) { if (p.due <= Date.now() + 500) finishDelete(p.id, true); }); });
  function deleteForm() {
    var form = document.querySelector("[data-delete]"); if (!form) return;
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var list = pending(); list.push({ id: form.dataset.delete, due: Date.now() + UNDO_MS }); setPending(list);
      location.assign(form.dataset.back);
    });
  }

  /* ---- Keyboard: / search, n new share, j/k next/previous card ------------------------- */
  /* One-key shortcuts can be turned off in Settings, for this browser (they can get in the way
     of speech input and of some screen readers' keys). */
  var SHORTCUTS = "dwall-shortcuts";
  function shortcutsOn() { try { return localStorage.getItem(SHORTCUTS) !== "off"; } catch (e) { return true; } }
  function showShortcuts(on) { document.querySelectorAll(".search .hint").forEach(function (hint) { hint.hidden = !on; }); }
  document.addEventListener("keydown", function (e) {
    var target = e.target, typing = /INPUT|TEXTAREA|SELECT/.test(target.tagName) || target.isContentEditable;
    if (e.key === "Escape" && typing) { target.blur(); return; }
    if (typing || e.metaKey || e.ctrlKey || e.altKey || !shortcutsOn()) return;
    if (e.key === "/") { var s = document.getElementById("search-input"); if (s) { e.preventDefault(); s.focus(); s.select(); } }
    else if (e.key === "n") { var c = document.getElementById("share-content"); if (c) { e.preventDefault(); c.focus(); } }
    else if ((e.key === "j" || e.key === "k") && wall) {
      var links = Array.prototype.slice.call(wall.querySelectorAll(".card:not(.is-hidden) .card-link"));
      var at = links.indexOf(document.activeElement), next = links[e.key === "j" ? at + 1 : Math.max(0, at - 1)];
      if (next) { e.preventDefault(); next.focus(); next.scrollIntoView({ block: "nearest" }); }
    }
  });
  /* Turned on or off in another tab: the hint follows (the keys read the setting as pressed). */
  window.addEventListener("storage", function (e) { if (e.key === SHORTCUTS || e.key === null) showShortcuts(shortcutsOn()); });
  function shortcutsSetting() {
    var box = document.querySelector("[data-shortcuts-setting]"); if (!box) return;
    box.checked = shortcutsOn();
    box.addEventListener("change", function () {
      try { if (box.checked) localStorage.removeItem(SHORTCUTS); else localStorage.setItem(SHORTCUTS, "off"); } catch (e) { /* private mode */ }
      showShortcuts(box.checked);
      DW.toast(box.checked ? "Shortcuts are on in this browser." : "Shortcuts are off in this browser.");
    });
  }

  /* ---- Settings: import a bookmark file. The server reads the file (the same readers as
     `dwall import`), then the page sends its entries in batches of 500, each one transaction,
     and counts what the server answered: the progress shown is what is stored. ---------- */
  function importForm() {
    var form = document.querySelector("[data-import-form]"); if (!form) return;
    var bar = document.querySelector("[data-import-progress]"), status = document.querySelector("[data-import-status]");
    var skippedList = document.querySelector("[data-import-skipped]"), BATCH = 500;
    function say(text) { status.textContent = text; }
    function fail(response) {
      return response.json().then(function (b) { return (b.error && b.error.message) || "The server refused it."; },
        function () { return "The server refused it (" + response.status + ")."; });
    }
    function skipped(location, reason) {
      if (skippedList.children.length >= 100) return;
      var li = document.createElement("li"); li.textContent = location + ": " + reason; skippedList.appendChild(li);
    }
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var file = form.querySelector("[data-import-file]").files[0]; if (!file) return;
      var button = form.querySelector("button[type=submit]"), enrich = form.elements.enrich.checked;
      button.disabled = true; skippedList.textContent = ""; say("Reading " + file.name + "…");
      var counts = { imported: 0, duplicates: 0, skipped: 0 };
      var query = "?folders=" + encodeURIComponent(form.elements.folders.value);
      DW.api("POST", "/v1/import/read" + query, undefined, { body: file, headers: { "X-CSRF-Token": DW.csrf, "Content-Type": "application/octet-stream" } })
        .then(function (response) {
          if (!response.ok) return fail(response).then(function (m) { throw new Error(m); });
          return response.json();
        })
        .then(function (preview) {
          preview.problems.forEach(function (p) { counts.skipped += 1; skipped(p.location, p.reason); });
          var total = preview.entries.length; bar.max = Math.max(1, total); bar.value = 0; bar.hidden = false;
          function batch(start) {
            if (start >= total) return Promise.resolve();
            var body = { entries: preview.entries.slice(start, start + BATCH), enrich: enrich };
            if (start === 0 && preview.walls.length) body.walls = preview.walls;
            return DW.api("POST", "/v1/import", body).then(function (response) {
              if (!response.ok) return fail(response).then(function (m) { throw new Error(m + " Stopped after " + start + " of " + total + "; import the file again to go on."); });
              return response.json().then(function (answer) {
                counts.imported += answer.imported; counts.duplicates += answer.duplicates; counts.skipped += answer.skipped;
                answer.results.forEach(function (r, i) { if (r.status === "skipped") skipped(preview.locations[start + i] || r.id, r.reason || "refused"); });
                var done = Math.min(total, start + BATCH); bar.value = done;
                say("Imported " + counts.imported + " of " + total + " (" + counts.duplicates + " already there, " + counts.skipped + " skipped)…");
                return batch(done);
              });
            });
          }
          return batch(0).then(function () {
            say("Done: imported " + counts.imported + ", " + counts.duplicates + " already there, " + counts.skipped + " skipped (" + preview.format + " file).");
          });
        })
        .catch(function (error) { say(error.message || "The import stopped."); })
        .then(function () { button.disabled = false; });
    });
  }

  /* ---- Sign-out, settings, service worker -------------------------------------------- */
  /* Runs `work` once the page's first contentful paint is on screen. The load event is no later
     point: a wall's pictures load lazily, so it fires before the first frame has been rastered,
     and a first visit's worker install (its script and its copy of the app shell) started then
     competes with rastering the first cards. A tab opened in the background paints nothing until
     shown, so a few seconds after load the work runs anyway. */
  function afterFirstPaint(work) {
    var done = false;
    function run() { if (!done) { done = true; setTimeout(work, 0); } }
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf("paint") >= 0) {
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); run(); }
      }).observe({ type: "paint", buffered: true });
    }
    function later() { setTimeout(run, types.indexOf("paint") >= 0 ? 3000 : 0); }
    if (document.readyState === "complete") later(); else window.addEventListener("load", later);
  }
  var signout = document.querySelector("[data-signout]");
  if (signout) signout.addEventListener("submit", function () {
    if (navigator.serviceWorker && navigator.serviceWorker.controller) navigator.serviceWorker.controller.postMessage("signed-out");
  });
  document.querySelectorAll("[data-select-on-focus]").forEach(function (input) { input.addEventListener("focus", function () { input.select(); }); });
  if ("serviceWorker" in navigator) {
    afterFirstPaint(function () { navigator.serviceWorker.register("/sw.js").catch(function () {}); });
    /* The worker showed this wall from its copy and found the copy no longer holds (signed out). */
    navigator.serviceWorker.addEventListener("message", function (e) { if (e.data === "page-stale") location.reload(); });
    /* Nobody is signed in here: no wall kept for whoever was must be shown to whoever signs in. */
    if ((page === "signin" || page === "setup") && navigator.serviceWorker.controller) navigator.serviceWorker.controller.postMessage("signed-out");
  }

  DW.times();
  showShortcuts(shortcutsOn());
  shortcutsSetting();
  deleteForm();
  importForm();
  if (page === "wall") {
    DW.shareBox(); DW.more(); DW.live(); scheduleDeletes();
    DW.showQueued().then(function () { return DW.drain(); });
    window.addEventListener("online", function () { DW.drain({ online: true }); });
  } else if (window.DWQueue) {
    window.addEventListener("online", function () { DW.drain({ online: true }); });
  }
})();
