/* The share box and its offline queue: every share is kept in this browser (`DWQueue`, shared
   with the service worker) before it is sent, shown as a card until the server has it, and
   counted in the status line while it waits. Exposes `DW.shareBox`, `DW.showQueued` and
   `DW.drain` (started by app.js). */
(function () {
  "use strict";
  var DW = window.DW = window.DW || {};
  var body = document.body, wall = document.querySelector("[data-wall]");

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
        return DW.drain();
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
  DW.showQueued = function () {
    if (!wall || !window.DWQueue) return Promise.resolve();
    return DWQueue.all().then(function (entries) {
      entries.forEach(function (entry) {
        waited[entry.id] = true; /* queued before this page: it has waited */
        if (!document.getElementById("queued-" + entry.id)) { wall.prepend(queuedCard(entry)); DW.watch(wall); }
      });
      return showStatus();
    });
  };
  /* A queued share as POST /v1/share takes it: JSON, or multipart with its files. */
  function send(entry) {
    if (!entry.files || !entry.files.length) return DW.api("POST", "/v1/share", entry.body);
    var form = new FormData();
    form.append("metadata", new Blob([JSON.stringify(entry.body)], { type: "application/json" }), "metadata.json");
    entry.files.forEach(function (file) { form.append("file", file, file.name || "file"); });
    return DW.api("POST", "/v1/share", undefined, { body: form });
  }
  function sendOne(entry) {
    return send(entry).then(function (r) {
      if (r.ok) {
        return r.json().then(function (answer) {
          var ghost = document.getElementById("queued-" + entry.id); if (ghost) ghost.remove();
          (answer.items || [answer.item]).reverse().forEach(function (item) {
            if (!item) return;
            DW.mine[item.id] = true;
            if (DW.shows(item)) DW.place(item, true, true);
          });
          if (waited[entry.id]) { delete waited[entry.id]; sent += 1; }
          DW.toast(answer.message || "Saved.");
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
            DW.watch(wall);
          });
        });
      }
      throw new Error("later");
    });
  }
  DW.drain = function drain() {
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
  };
  DW.shareBox = function () {
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
        wall.prepend(queuedCard({ id: share.id, body: share, files: files })); DW.watch(wall);
        return DW.drain();
      });
    }
    /* Dropped or picked files are saved at once, each an item carrying what the box holds. */
    function queueFiles(list) {
      var files = Array.prototype.slice.call(list);
      queue(DWQueue.fileShare(fields(), files), files).catch(function () { DW.toast("Could not keep the files in this browser."); });
    }
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      if (!content.value.trim()) return;
      queue(DWQueue.share(fields())).catch(function () { form.submit(); });
    });
  };
})();
