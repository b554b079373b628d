/* The wall switcher's counts, kept true while the page is open: after a change anywhere (a live
   event: a share from this page or another device, a delete, a move between walls) the page asks
   the server for the walls again, once for a burst of changes (an import brings hundreds), and
   writes each wall's count. Exposes `DW.recount` (called by cards.js). */
(function () {
  "use strict";
  var DW = window.DW = window.DW || {};
  var timer = null, asking = false, again = false;

  function write(walls) {
    var counts = {};
    walls.forEach(function (w) { counts["/w/" + (w.owner ? w.id.toLowerCase() : w.slug)] = w.itemCount; });
    document.querySelectorAll(".walls a[href]").forEach(function (link) {
      var count = counts[link.getAttribute("href")], shown = link.querySelector(".count");
      if (count !== undefined && shown && shown.textContent !== String(count)) shown.textContent = String(count);
    });
  }
  function ask() {
    if (asking) { again = true; return; }
    asking = true; again = false;
    fetch("/v1/walls", { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) throw new Error(r.status); return r.json();
    }).then(function (body) { write(body.walls || []); }).catch(function () {}).then(function () {
      asking = false; if (again) DW.recount();
    });
  }
  /* Counts afresh soon: changes that come together are counted once. */
  DW.recount = function () {
    if (!document.querySelector(".walls .count")) return;
    clearTimeout(timer); timer = setTimeout(ask, DW.recountDelay || 150);
  };
})();
