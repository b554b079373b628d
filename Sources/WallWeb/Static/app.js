/* Digital Wall's page script: masonry, infinite scroll, live cards, the share box with its
   offline queue, delete with undo, keyboard shortcuts. Plain JavaScript, no build step. */
(function () {
  "use strict";
  var body = document.body, page = body.dataset.page;
  var csrf = (document.querySelector('meta[name="csrf-token"]') || {}).content || "";
  var wall = document.querySelector("[data-wall]");
  var UNDO_MS = 5000;

  /* ---- Small helpers ---------------------------------------------------------------- */
  function api(method, path, json, extra) {
    var options = Object.assign({ method: method, credentials: "same-origin", headers: { "X-CSRF-Token": csrf } }, extra || {});
    if (json !== undefined) { options.headers["Content-Type"] = "application/json"; options.body = JSON.stringify(json); }
    return fetch(path, options);
  }
  function html(text) { var t = document.createElement("template"); t.innerHTML = text; return t.content; }
  /* A message at the foot of the page (first in the tab order, after the skip link), with an
     optional action. While it holds the keyboard's focus or the pointer it waits (`hold(true)`
     tells the caller, so a delete it offers to undo waits too), then closes at least 2 s after. */
  function toast(message, actionLabel, action, ms, hold) {
    var box = document.querySelector("[data-toasts]"); if (!box) return function () {};
    var el = document.createElement("div"); el.className = "toast";
    var span = document.createElement("span"); span.textContent = message; el.appendChild(span);
    if (actionLabel) {
      var button = document.createElement("button"); button.type = "button"; button.textContent = actionLabel;
      button.addEventListener("click", function () { action(); close(); }); el.appendChild(button);
    }
    box.appendChild(el);
    var left = ms || 4000, started = Date.now(), timer = setTimeout(close, left), held = 0, closed = false;
    function pause() {
      if (closed || held++ > 0) return;
      clearTimeout(timer); left -= Date.now() - started; if (hold) hold(true);
    }
    function resume() {
      if (closed || --held > 0) return;
      left = Math.max(left, 2000); started = Date.now(); timer = setTimeout(close, left); if (hold) hold(false, left);
    }
    el.addEventListener("focusin", pause); el.addEventListener("focusout", resume);
    el.addEventListener("mouseenter", pause); el.addEventListener("mouseleave", resume);
    function close() { closed = true; clearTimeout(timer); if (el.parentNode) el.parentNode.removeChild(el); }
    return close;
  }
  function since(iso) {
    var seconds = (Date.now() - Date.parse(iso)) / 1000;
    if (!(seconds >= 0)) return null;
    var rtf = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
    if (seconds < 60) return rtf.format(0, "second");
    if (seconds < 3600) return rtf.format(-Math.floor(seconds / 60), "minute");
    if (seconds < 86400) return rtf.format(-Math.floor(seconds / 3600), "hour");
    if (seconds < 86400 * 7) return rtf.format(-Math.floor(seconds / 86400), "day");
    return null;
  }
  function times(root) {
    (root || document).querySelectorAll("time[datetime]").forEach(function (t) { var s = since(t.dateTime); if (s) t.textContent = s; });
  }

  /* ---- Masonry: each card spans as many 4px rows as it is tall, so cards keep reading order --- */
  /* Heights are read for every card first and the spans written after, so laying out a page of
     cards costs one layout, not one per card; the observer takes heights from its entries. */
  var ROW = 4, wallStyle = wall && getComputedStyle(wall); /* live: --gap is narrower on a phone */
  var resizer = window.ResizeObserver ? new ResizeObserver(function (entries) {
    setSpans(entries.map(function (e) { return e.target; }), entries.map(function (e) {
      return e.target.firstElementChild ? (e.borderBoxSize && e.borderBoxSize[0] ? e.borderBoxSize[0].blockSize : e.target.getBoundingClientRect().height) : 0;
    }));
  }) : null;
  function heightOf(card) { return card.firstElementChild ? card.getBoundingClientRect().height : 0; }
  function setSpans(cards, heights) {
    var gap = parseFloat(wallStyle.getPropertyValue("--gap")) || 16;
    cards.forEach(function (card, i) {
      var end = "span " + Math.max(1, Math.ceil((heights[i] + gap) / ROW));
      if (card.style.gridRowEnd !== end) card.style.gridRowEnd = end;
    });
  }
  function span(card) { setSpans([card], [heightOf(card)]); }
  function watch(root) {
    if (!wall || !resizer) return;
    var cards = Array.prototype.slice.call((root || wall).querySelectorAll(".card"));
    setSpans(cards, cards.map(heightOf));
    cards.forEach(function (card) { resizer.observe(card); });
  }
  if (wall && resizer) { wall.classList.add("is-masonry"); watch(); }

  /* ---- Infinite scroll ------------------------------------------------------------- */
  function more() {
    var link = document.querySelector("a.more");
    if (!link || !wall || !window.IntersectionObserver) return;
    var observer = new IntersectionObserver(function (entries) {
      if (!entries.some(function (e) { return e.isIntersecting; })) return;
      observer.disconnect();
      fetch(link.dataset.fragment, { credentials: "same-origin" }).then(function (r) {
        if (!r.ok) throw new Error(r.status); return r.text();
      }).then(function (text) {
        var fragment = html(text), next = fragment.querySelector("a.more");
        if (next) next.remove();
        fragment.querySelectorAll(".card").forEach(function (card) { if (document.getElementById(card.id)) card.remove(); });
        times(fragment); wall.appendChild(fragment); watch();
        link.remove();
        if (next) { wall.after(next); more(); }
      }).catch(function () { more(); });
    }, { rootMargin: "800px" });
    observer.observe(link);
  }

  /* ---- Live cards (/v1/events with the session cookie) --------------------------------- */
  var lastSeq = body.dataset.eventSeq || "0", stream = null, retry = 1000;
  function shows(item) {
    if (!wall || body.dataset.search) return false; /* a search's results are not live */
    if (item.wallId !== body.dataset.wallId) return false;
    return !body.dataset.tag || item.tags.indexOf(body.dataset.tag) >= 0;
  }
  function cardHTML(id) {
    var q = new URLSearchParams({ wall: body.dataset.wallSlug || "", q: body.dataset.search || "" });
    return fetch("/fragments/cards/" + id + "?" + q, { credentials: "same-origin" }).then(function (r) { return r.ok ? r.text() : null; });
  }
  /* Where the keyboard's focus is inside `card`, as a selector for the same control in the card
     that replaces it (a card's controls: its link, its tags, "Open"); null when it is elsewhere. */
  function focusIn(card) {
    var active = document.activeElement;
    if (!card || !active || active === body || !card.contains(active)) return null;
    if (active.getAttribute("href") && !active.className) return 'a[href="' + CSS.escape(active.getAttribute("href")) + '"]';
    return active.className ? "." + active.className.split(" ")[0] : "a";
  }
  function refocus(card, selector) {
    if (!selector) return;
    var target = card.querySelector(selector) || card.querySelector("a[href]:not([tabindex='-1']), button");
    if (target) target.focus({ preventScroll: true });
  }
  /* Takes a card off the wall; a focus inside it moves to the next card (or the page's main). */
  function removeCard(card) {
    var focused = focusIn(card), next = card.nextElementSibling || card.previousElementSibling;
    card.remove();
    if (!focused) return;
    var target = next && next.querySelector("a[href]:not([tabindex='-1']), button");
    (target || document.getElementById("main") || body).focus({ preventScroll: true });
  }
  function place(item, atTop) {
    return cardHTML(item.id).then(function (text) {
      if (!text) return;
      var card = html(text).querySelector(".card"), old = document.getElementById("item-" + item.id);
      if (!card) return;
      times(card.parentNode || card);
      if (old) {
        var focused = focusIn(old);
        if (old.classList.contains("is-hidden")) card.classList.add("is-hidden");
        old.replaceWith(card); refocus(card, focused);
      }
      else if (atTop) { card.classList.add("is-new"); wall.prepend(card); var empty = document.querySelector("[data-empty]"); if (empty) empty.remove(); }
      else return;
      watch(wall);
    });
  }
  function onEvent(event) {
    lastSeq = event.lastEventId || lastSeq;
    var data = JSON.parse(event.data), old = document.getElementById("item-" + data.itemId);
    if (event.type === "item.deleted") { if (old) removeCard(old); return; }
    if (body.dataset.search) { if (old) place(data.item, false); return; } /* results stay as searched */
    if (!shows(data.item)) { if (old) removeCard(old); return; }
    place(data.item, event.type === "item.created" || !old);
  }
  function live() {
    if (!wall || !window.EventSource) return;
    var dot = document.querySelector("[data-live]");
    stream = new EventSource("/v1/events?lastEventId=" + encodeURIComponent(lastSeq));
    ["item.created", "item.updated", "item.deleted"].forEach(function (type) { stream.addEventListener(type, onEvent); });
    /* The server pruned the changes since lastSeq (offline past its horizon): show the wall afresh. */
    stream.addEventListener("reset", function () { stream.close(); location.reload(); });
    stream.onopen = function () { retry = 1000; if (dot) { dot.hidden = false; dot.classList.remove("is-offline"); dot.title = "Live"; } };
    stream.onerror = function () {
      if (dot) { dot.classList.add("is-offline"); dot.title = "Reconnecting…"; }
      if (stream.readyState === EventSource.CLOSED) { /* refused (e.g. 503 while restarting): try again ourselves */
        stream = null; setTimeout(live, retry); retry = Math.min(retry * 2, 30000);
      }
    };
  }

  /* ---- Share box and offline queue --------------------------------------------------- */
  /* Every share is queued, then sent. One that has had to wait (the service worker queued it,
     or the first try failed) is counted in the status line until it is sent ("Sent 1 share that
     was waiting") or refused: a refused share stays on this device, its card saying why, until
     the person dismisses it or takes it back into the share box. */
  var draining = false, again = false, stalled = false, waited = {}, sent = 0, sentTimer = null, retryTimer = null;
  function count(n, one, many) { return n + " " + (n === 1 ? one : many); }
  function showStatus() {
    var line = document.querySelector("[data-outbox-status]");
    if (!line || !window.DWQueue) return Promise.resolve();
    return DWQueue.all().then(function (entries) {
      var waiting = entries.filter(function (e) { return !e.refused && !e.unconfirmed && waited[e.id]; }).length;
      var unconfirmed = entries.filter(function (e) { return e.unconfirmed; }).length;
      var refused = entries.filter(function (e) { return e.refused; }).length, words = [];
      if (sent) words.push("Sent " + count(sent, "share that was", "shares that were") + " waiting.");
      if (waiting) {
        words.push(count(waiting, "share is", "shares are") + " saved on this device, waiting to be sent" +
          (!navigator.onLine ? ": " + (waiting === 1 ? "it" : "they") + " will go when you are back online."
            : stalled && !draining ? ": the server did not take " + (waiting === 1 ? "it" : "them") + " yet; trying again soon." : ": sending…"));
      }
      if (unconfirmed) words.push(count(unconfirmed, "share", "shares") + " came in while offline: save " + (unconfirmed === 1 ? "it" : "them") + " only if you shared " + (unconfirmed === 1 ? "it." : "them."));
      if (refused) words.push(count(refused, "share was", "shares were") + " refused by the server and not saved; " + (refused === 1 ? "its card says" : "their cards say") + " why.");
      line.textContent = words.join(" "); line.hidden = !words.length;
    });
  }
  function queuedCard(entry) {
    var b = entry.body, el = document.createElement("article");
    el.className = "card is-queued" + (entry.refused ? " is-refused" : ""); el.id = "queued-" + b.id;
    var inner = document.createElement("div"); inner.className = "card-body";
    var names = (entry.files || []).map(function (f) { return f.name || "file"; }).join(", ");
    var title = document.createElement("h2"); title.className = "card-title"; title.textContent = b.title || names || b.url || (b.text || "").slice(0, 140);
    var state = document.createElement("p"); state.className = "card-state" + (entry.refused ? " is-failed" : "");
    state.textContent = entry.refused ? "Not saved: " + entry.refused + " It is kept on this device only."
      : entry.unconfirmed ? "Shared to this wall while offline. Save it?" : "Waiting to be sent…";
    inner.appendChild(title); inner.appendChild(state); el.appendChild(inner);
    if (entry.refused) inner.appendChild(refusedActions(entry));
    else if (entry.unconfirmed) inner.appendChild(confirmActions(entry));
    return el;
  }
  /* What to do with a refused share: take it back into the share box (text and links), or let it go. */
  function refusedActions(entry) {
    var b = entry.body, actions = document.createElement("div"); actions.className = "card-actions";
    function button(label, act) {
      var el = document.createElement("button"); el.type = "button"; el.className = "small"; el.textContent = label;
      el.addEventListener("click", function () {
        DWQueue.remove(entry.id).then(function () {
          var card = document.getElementById("queued-" + entry.id); if (card) card.remove();
          act(); return showStatus();
        });
      });
      actions.appendChild(el);
    }
    var box = document.querySelector("[data-share-box]");
    if (box && !(entry.files && entry.files.length)) {
      button("Edit in the share box", function () {
        box.querySelector("[name=content]").value = [b.url, b.text].filter(Boolean).join(" ");
        box.querySelector("[name=note]").value = b.userNote || "";
        box.querySelector("[name=tags]").value = (b.tags || []).join(", ");
        box.querySelector("[name=content]").focus();
      });
    }
    button("Dismiss", function () {});
    return actions;
  }
  /* A share the service worker took while offline: sent only when the person says it is theirs. */
  function confirmActions(entry) {
    var actions = document.createElement("div"); actions.className = "card-actions";
    function button(label, act) {
      var el = document.createElement("button"); el.type = "button"; el.className = "small"; el.textContent = label;
      el.addEventListener("click", act); actions.appendChild(el);
    }
    button("Save", function () {
      DWQueue.confirm(entry).then(function () {
        delete entry.unconfirmed;
        var card = document.getElementById("queued-" + entry.id); if (card) card.replaceWith(queuedCard(entry));
        return drain();
      });
    });
    button("Discard", function () {
      DWQueue.remove(entry.id).then(function () {
        var card = document.getElementById("queued-" + entry.id); if (card) card.remove();
        return showStatus();
      });
    });
    return actions;
  }
  function showQueued() {
    if (!wall || !window.DWQueue) return Promise.resolve();
    return DWQueue.all().then(function (entries) {
      entries.forEach(function (entry) {
        waited[entry.id] = true; /* queued before this page: it has waited */
        if (!document.getElementById("queued-" + entry.id)) { wall.prepend(queuedCard(entry)); watch(wall); }
      });
      return showStatus();
    });
  }
  /* A queued share as POST /v1/share takes it: JSON, or multipart with its files. */
  function send(entry) {
    if (!entry.files || !entry.files.length) return api("POST", "/v1/share", entry.body);
    var form = new FormData();
    form.append("metadata", new Blob([JSON.stringify(entry.body)], { type: "application/json" }), "metadata.json");
    entry.files.forEach(function (file) { form.append("file", file, file.name || "file"); });
    return api("POST", "/v1/share", undefined, { body: form });
  }
  function sendOne(entry) {
    return send(entry).then(function (r) {
      if (r.ok) {
        return r.json().then(function (answer) {
          var ghost = document.getElementById("queued-" + entry.id); if (ghost) ghost.remove();
          (answer.items || [answer.item]).reverse().forEach(function (item) { if (item && shows(item)) place(item, true); });
          if (waited[entry.id]) { delete waited[entry.id]; sent += 1; }
          toast(answer.message || "Saved.");
          return DWQueue.remove(entry.id);
        });
      }
      if (r.status >= 400 && r.status < 500 && [401, 408, 429].indexOf(r.status) < 0) {
        return r.json().catch(function () { return {}; }).then(function (e) {
          var reason = (e.error && e.error.message) || "the server answered " + r.status + ".";
          delete waited[entry.id];
          return DWQueue.refuse(entry, reason).then(function () {
            entry.refused = reason;
            var ghost = document.getElementById("queued-" + entry.id), card = queuedCard(entry);
            if (ghost) ghost.replaceWith(card); else if (wall) wall.prepend(card);
            watch(wall);
          });
        });
      }
      throw new Error("later");
    });
  }
  function drain() {
    if (!window.DWQueue) return Promise.resolve();
    if (draining) { again = true; return Promise.resolve(); }
    draining = true; again = false; stalled = false; clearTimeout(retryTimer);
    return showStatus().then(DWQueue.all).then(function (entries) {
      return entries.filter(function (e) { return !e.refused && !e.unconfirmed; }).reduce(function (chain, entry) {
        return chain.then(function () { return sendOne(entry); });
      }, Promise.resolve());
    }).catch(function () { /* offline or server away: kept for later, and now it has waited */
      return DWQueue.all().then(function (entries) {
        entries.forEach(function (e) { if (!e.refused) waited[e.id] = true; });
        stalled = true;
        if (navigator.onLine) retryTimer = setTimeout(drain, 15000);
      });
    }).catch(function () {}).then(function () {
      draining = false;
      if (again) return drain();
      if (sent) { clearTimeout(sentTimer); sentTimer = setTimeout(function () { sent = 0; showStatus(); }, 8000); }
      return showStatus();
    });
  }
  function shareBox() {
    var form = document.querySelector("[data-share-box]"); if (!form) return;
    var content = form.querySelector("[name=content]");
    content.addEventListener("keydown", function (e) { if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) form.requestSubmit(); });
    content.addEventListener("input", function () { content.style.height = "auto"; content.style.height = Math.min(content.scrollHeight, 320) + "px"; });
    form.addEventListener("dragover", function (e) { e.preventDefault(); form.classList.add("is-dragging"); });
    form.addEventListener("dragleave", function () { form.classList.remove("is-dragging"); });
    form.addEventListener("drop", function (e) {
      e.preventDefault(); form.classList.remove("is-dragging");
      if (e.dataTransfer.files && e.dataTransfer.files.length) { queueFiles(e.dataTransfer.files); return; }
      var text = e.dataTransfer.getData("text/uri-list") || e.dataTransfer.getData("text/plain");
      if (text) { content.value = text.split("\n")[0].trim(); content.focus(); }
    });
    var picker = form.querySelector("[data-share-files]");
    if (picker) picker.addEventListener("change", function () { if (picker.files.length) queueFiles(picker.files); });
    /* What the box holds, as a share's fields (the text may be a link or a passage). */
    function fields() {
      var value = content.value.trim(), single = !/\s/.test(value) && /^https?:\/\//i.test(value);
      var tags = form.querySelector("[name=tags]").value.split(",").map(function (t) { return t.trim(); }).filter(Boolean);
      return {
        url: single ? value : "", text: single ? "" : value, note: form.querySelector("[name=note]").value.trim(),
        tags: tags, wall: body.dataset.wallSlug, source: "web"
      };
    }
    function queue(share, files) {
      return DWQueue.add(share, files).then(function () {
        form.reset(); content.style.height = "";
        wall.prepend(queuedCard({ id: share.id, body: share, files: files })); watch(wall);
        return drain();
      });
    }
    /* Dropped or picked files are saved at once, each an item carrying what the box holds. */
    function queueFiles(list) {
      var files = Array.prototype.slice.call(list);
      queue(DWQueue.fileShare(fields(), files), files).catch(function () { toast("Could not keep the files in this browser."); });
    }
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      if (!content.value.trim()) return;
      queue(DWQueue.share(fields())).catch(function () { form.submit(); });
    });
  }

  /* ---- Delete with undo --------------------------------------------------------------- */
  var PENDING = "dwall-pending-deletes";
  function pending() { try { return JSON.parse(sessionStorage.getItem(PENDING) || "[]"); } catch (e) { return []; } }
  function setPending(list) { sessionStorage.setItem(PENDING, JSON.stringify(list)); }
  function finishDelete(id, keepalive) {
    setPending(pending().filter(function (p) { return p.id !== id; }));
    return api("DELETE", "/v1/items/" + id, undefined, { keepalive: !!keepalive }).then(function (r) {
      if (r.ok || r.status === 404) { var card = document.getElementById("item-" + id); if (card) card.remove(); }
      else toast("Could not delete it (" + r.status + ").");
    }).catch(function () { toast("Could not delete it: offline."); });
  }
  function scheduleDeletes() {
    pending().forEach(function (p) {
      var card = document.getElementById("item-" + p.id); if (card) card.classList.add("is-hidden");
      var timer = setTimeout(function () { finishDelete(p.id); }, Math.max(0, p.due - Date.now()));
      toast("Deleted.", "Undo", function () {
        clearTimeout(timer); setPending(pending().filter(function (q) { return q.id !== p.id; }));
        var c = document.getElementById("item-" + p.id); if (c) { c.classList.remove("is-hidden"); span(c); }
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
  document.addEventListener("keydown", function (e) {
    var target = e.target, typing = /INPUT|TEXTAREA|SELECT/.test(target.tagName) || target.isContentEditable;
    if (e.key === "Escape" && typing) { target.blur(); return; }
    if (typing || e.metaKey || e.ctrlKey || e.altKey) return;
    if (e.key === "/") { var s = document.getElementById("search-input"); if (s) { e.preventDefault(); s.focus(); s.select(); } }
    else if (e.key === "n") { var c = document.getElementById("share-content"); if (c) { e.preventDefault(); c.focus(); } }
    else if ((e.key === "j" || e.key === "k") && wall) {
      var links = Array.prototype.slice.call(wall.querySelectorAll(".card:not(.is-hidden) .card-link"));
      var at = links.indexOf(document.activeElement), next = links[e.key === "j" ? at + 1 : Math.max(0, at - 1)];
      if (next) { e.preventDefault(); next.focus(); next.scrollIntoView({ block: "nearest" }); }
    }
  });

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
      api("POST", "/v1/import/read" + query, undefined, { body: file, headers: { "X-CSRF-Token": csrf, "Content-Type": "application/octet-stream" } })
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
            return api("POST", "/v1/import", body).then(function (response) {
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

  times();
  deleteForm();
  importForm();
  if (page === "wall") {
    shareBox(); more(); live(); scheduleDeletes();
    showQueued().then(drain);
    window.addEventListener("online", drain);
  } else if (window.DWQueue) {
    window.addEventListener("online", drain);
  }
})();
