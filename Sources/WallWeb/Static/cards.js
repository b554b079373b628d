/* Cards that come onto the wall after the page: the next page as the person scrolls, and live
   cards from /v1/events (the session cookie), placed, replaced or removed as they change
   anywhere, keeping the keyboard's focus on the wall and telling screen readers what arrived.
   Exposes `DW.shows`, `DW.place` and `DW.more`/`DW.live` (started by app.js). */
(function () {
  "use strict";
  var DW = window.DW = window.DW || {};
  var body = document.body, wall = document.querySelector("[data-wall]");

  /* ---- Infinite scroll ------------------------------------------------------------- */
  DW.more = function more() {
    var link = document.querySelector("a.more");
    if (!link || !wall || !window.IntersectionObserver) return;
    var observer = new IntersectionObserver(function (entries) {
      if (!entries.some(function (e) { return e.isIntersecting; })) return;
      observer.disconnect();
      fetch(link.dataset.fragment, { credentials: "same-origin" }).then(function (r) {
        if (!r.ok) throw new Error(r.status); return r.text();
      }).then(function (text) {
        var fragment = DW.html(text), next = fragment.querySelector("a.more");
        if (next) next.remove();
        fragment.querySelectorAll(".card").forEach(function (card) { if (document.getElementById(card.id)) card.remove(); });
        DW.times(fragment); wall.appendChild(fragment); DW.watch();
        link.remove();
        if (next) { wall.after(next); more(); }
      }).catch(function () { more(); });
    }, { rootMargin: "800px" });
    observer.observe(link);
  };

  /* ---- Live cards -------------------------------------------------------------------- */
  var lastSeq = body.dataset.eventSeq || "0", stream = null, retry = 1000;
  /* Whether this page shows `item` (its wall, its tag; a search's results are not live). */
  DW.shows = function (item) {
    if (!wall || body.dataset.search) return false;
    if (item.wallId !== body.dataset.wallId) return false;
    return !body.dataset.tag || item.tags.indexOf(body.dataset.tag) >= 0;
  };
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
  /* New cards are announced together, `DW.announceDelay` (a second) after the last: an import
     brings hundreds. The person's own shares from this page are left out when the time comes
     (`DW.mine`: their "Saved." says it), whichever came first, the live event or the answer. */
  var arrived = [], announceTimer = null;
  DW.mine = DW.mine || {};
  function announceArrival(card, id) {
    var title = card.querySelector(".card-title, .card-link");
    arrived.push({ id: id, title: title ? title.textContent.trim().slice(0, 120) : "" });
    clearTimeout(announceTimer);
    announceTimer = setTimeout(function () {
      var others = arrived.filter(function (a) { return !DW.mine[a.id]; });
      arrived = [];
      if (!others.length) return;
      DW.announce(others.length === 1 ? "New card on this wall" + (others[0].title ? ": " + others[0].title : ".")
        : others.length + " new cards on this wall.");
    }, DW.announceDelay || 1000);
  }
  /* Puts `item`'s card on the wall: in place of its old card, or at the top when `atTop`
     (announced, unless `quietly`: a share made on this page has its own "Saved."). */
  DW.place = function (item, atTop, quietly) {
    return cardHTML(item.id).then(function (text) {
      if (!text) return;
      var card = DW.html(text).querySelector(".card"), old = document.getElementById("item-" + item.id);
      if (!card) return;
      DW.times(card.parentNode || card);
      if (old) {
        var focused = focusIn(old);
        if (old.classList.contains("is-hidden")) card.classList.add("is-hidden");
        old.replaceWith(card); refocus(card, focused);
      } else if (atTop) {
        card.classList.add("is-new"); wall.prepend(card);
        var empty = document.querySelector("[data-empty]"); if (empty) empty.remove();
        if (!quietly) announceArrival(card, item.id);
      } else return;
      DW.watch(wall);
    });
  };
  function onEvent(event) {
    lastSeq = event.lastEventId || lastSeq;
    var data = JSON.parse(event.data), old = document.getElementById("item-" + data.itemId);
    if (DW.recount) DW.recount(); /* any change may change a wall's count */
    if (event.type === "item.deleted") { if (old) removeCard(old); return; }
    if (body.dataset.search) { if (old) DW.place(data.item, false); return; } /* results stay as searched */
    if (!DW.shows(data.item)) { if (old) removeCard(old); return; }
    /* An update of a card not shown here (on a later page, or newly tagged) comes to the top
       unannounced: only new cards are news. */
    DW.place(data.item, event.type === "item.created" || !old, event.type !== "item.created");
  }
  DW.live = function live() {
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
  };
})();
