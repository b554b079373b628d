/* The wall's masonry: each card spans as many 4px rows as it is tall, so cards keep reading
   order. Loaded render-blocking (small, cached for a year), so the first frame is laid out.
   Used by every wall page, the secret link's included; exposes `DW.watch` and `DW.span` for the
   scripts that bring cards onto the wall. */
(function () {
  "use strict";
  var DW = window.DW = window.DW || {};
  var wall = document.querySelector("[data-wall]"), ROW = 4;
  DW.watch = DW.span = function () {};
  if (!wall || !window.ResizeObserver) return;
  /* Heights are read for every card first and the spans written after, so laying out a page of
     cards costs one layout, not one per card; the observer takes heights from its entries. */
  var style = getComputedStyle(wall); /* live: --gap is narrower on a phone */
  var resizer = new ResizeObserver(function (entries) {
    setSpans(entries.map(function (e) { return e.target; }), entries.map(function (e) {
      return e.target.firstElementChild ? (e.borderBoxSize && e.borderBoxSize[0] ? e.borderBoxSize[0].blockSize : e.target.getBoundingClientRect().height) : 0;
    }));
  });
  function heightOf(card) { return card.firstElementChild ? card.getBoundingClientRect().height : 0; }
  function setSpans(cards, heights) {
    var gap = parseFloat(style.getPropertyValue("--gap")) || 16;
    cards.forEach(function (card, i) {
      var end = "span " + Math.max(1, Math.ceil((heights[i] + gap) / ROW));
      if (card.style.gridRowEnd !== end) card.style.gridRowEnd = end;
    });
  }
  /* Lays out one card now (one shown again after an undone delete). */
  DW.span = function (card) { setSpans([card], [heightOf(card)]); };
  /* Lays out the cards under `root` (the whole wall by default) and follows their sizes. */
  DW.watch = function (root) {
    var cards = Array.prototype.slice.call((root || wall).querySelectorAll(".card"));
    setSpans(cards, cards.map(heightOf));
    cards.forEach(function (card) { resizer.observe(card); });
  };
  wall.classList.add("is-masonry");
  DW.watch();
})();
