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
  var draining = 0, waited = {}, sent = 0, sentTimer = null, retryTimer = null;
  function count(n, one, many) { return n + " " + (n === 1 ? one : many); }
  /* "in 2 min", "in 40 s": how long until `at` (ms since the epoch). */
  function inAbout(at) {
    var s = Math.max(1, Math.ceil((at - DWQueue.now()) / 1000));
    return s < 90 ? "in " + s + " s" : "in " + Math.round(s / 60) + " min";
  }
  /* Why the waiting shares have not gone, as the end of the status line's sentence. */
  function why(waiting, one) {
    if (!navigator.onLine) return ": " + (one ? "it" : "they") + " will go when you are back online.";
    if (waiting.some(function (e) { return e.signedOut; })) return ": you are signed out; sign in again and " + (one ? "it" : "they") + " will be sent.";
    var tried = waiting.filter(function (e) { return e.reason; });
    if (!tried.length || draining) return ": sending…";
    var next = Math.min.apply(Math, tried.map(function (e) { return e.notBefore || 0; }));
    return ": the server did not take " + (one ? "it" : "them") + " yet (" + tried[0].reason.replace(/\.$/, "") + "); " +
      (next > DWQueue.now() ? "trying again " + inAbout(next) + "." : "trying again soon.");
  }
  function showStatus() {
    var line = document.querySelector("[data-outbox-status]");
    if (!line || !window.DWQueue) return Promise.resolve();
    return DWQueue.all().then(function (entries) {
      var waiting = entries.filter(function (e) { return !e.refused && !e.unconfirmed && waited[e.id]; });
      var unconfirmed = entries.filter(function (e) { return e.unconfirmed; }).length;
      var refused = entries.filter(function (e) { return e.refused; }).length, words = [];
      if (sent) words.push("Sent " + count(sent, "share that was", "shares that were") + " waiting.");
      if (waiting.length) words.push(count(waiting.length, "share is", "shares are") + " saved on this device, waiting to be sent" + why(waiting, waiting.length === 1));
      if (unconfirmed) words.push(count(unconfirmed, "share", "shares") + " came in while offline: save " + (unconfirmed === 1 ? "it" : "them") + " only if you shared " + (unconfirmed === 1 ? "it." : "them."));
      if (refused) words.push(count(refused, "share was", "shares were") + " refused by the server and not saved; " + (refused === 1 ? "its card says" : "their cards say") + " why.");
      line.textContent = words.join(" "); line.hidden = !words.length;
    });
  }
  /* What a waiting share's card says: why it has not gone, and when it is tried again. */
  function waitingState(entry) {
    if (entry.unconfirmed) return "Shared to this wall while " + (entry.reason && !entry.unreachable ? "the server could not take it" : "offline") + ". Save it?";
    if (entry.signedOut) return "Not sent: you are signed out. It is kept on this device and sent once you sign in again.";
    if (!entry.reason) return "Waiting to be sent…";
    return "Kept on this device, not sent yet: " + entry.reason + (entry.notBefore > DWQueue.now() ? " Trying again " + inAbout(entry.notBefore) + "." : "");
  }
  function queuedCard(entry) {
    var b = entry.body, el = document.createElement("article");
    el.className = "card is-queued" + (entry.refused ? " is-refused" : ""); el.id = "queued-" + b.id;
    var inner = document.createElement("div"); inner.className = "card-body";
    var names = (entry.files || []).map(function (f) { return f.name || "file"; }).join(", ");
    var title = document.createElement("h2"); title.className = "card-title"; title.textContent = b.title || names || b.url || (b.text || "").slice(0, 140);
    var state = document.createElement("p"); state.className = "card-state" + (entry.refused ? " is-failed" : "");
    state.textContent = entry.refused ? "Not saved: " + entry.refused + " It is kept on this device only." : waitingState(entry);
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
  /* A queued share's POST /v1/share, as this page makes it (the session and its CSRF token). */
  function send(payload) {
    var sent = payload.form ? DW.api("POST", "/v1/share", undefined, { body: payload.form }) : DW.api("POST", "/v1/share", payload.json);
    return sent.catch(function () { throw new Error(navigator.onLine ? "The server could not be reached." : "This device is offline."); });
  }
  function showCard(entry) {
    var ghost = document.getElementById("queued-" + entry.id), card = queuedCard(entry);
    if (ghost) ghost.replaceWith(card); else if (wall) wall.prepend(card);
    DW.watch(wall);
  }
  /* What became of one share, shown: its items placed, its card refused, or saying why it waits. */
  function settled(entry, result) {
    if (result.state === "saved" || result.state === "duplicate") {
      var ghost = document.getElementById("queued-" + entry.id), answer = result.answer || {};
      if (ghost) ghost.remove();
      (answer.items || [answer.item]).reverse().forEach(function (item) {
        if (!item) return;
        DW.mine[item.id] = true;
        if (DW.shows(item)) DW.place(item, true, true);
      });
      if (waited[entry.id]) { delete waited[entry.id]; sent += 1; }
      if (DW.recount) DW.recount(); /* its wall holds more now (its live event may come later) */
      DW.toast(result.message);
      return;
    }
    if (result.state === "refused") {
      delete waited[entry.id];
      showCard(Object.assign({}, entry, { refused: result.reason }));
      return;
    }
    if (!waited[entry.id]) DW.toast(result.state === "signedOut" ? "Not sent: you are signed out. The share is kept on this device." : "Not sent yet: kept on this device, and sent once the server takes it.");
    waited[entry.id] = true;
    showCard(Object.assign({}, entry, { reason: result.reason, signedOut: result.state === "signedOut", notBefore: result.notBefore }));
  }
  /* Whether a drain is under way (one a timer started included). */
  DW.draining = function () { return draining > 0; };
  /* Sends what waits (by the shared rules: DWQueue.drain), then plans the next try for when the
     earliest waiting share may go. `options.online`: the network is back, so shares that could
     not reach the server go now. */
  DW.drain = function drain(options) {
    if (!window.DWQueue) return Promise.resolve();
    draining += 1; clearTimeout(retryTimer);
    return showStatus().then(function () {
      return DWQueue.drain(send, { settled: settled, online: !!(options && options.online) });
    }).then(function (report) {
      if (report.next != null) retryTimer = setTimeout(drain, Math.max(0, report.next - DWQueue.now()));
    }).catch(function () {}).then(function () {
      draining -= 1;
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
