/* A wall opened through a secret link: the wall's masonry (each card spans as many 4px rows as
   it is tall, so cards keep reading order), and nothing else: no live updates, no API. */
(function () {
  "use strict";
  var wall = document.querySelector("[data-wall]"), ROW = 4;
  if (!wall || !window.ResizeObserver) return;
  var style = getComputedStyle(wall);
  function span(card) {
    var height = card.firstElementChild ? card.getBoundingClientRect().height : 0;
    var gap = parseFloat(style.getPropertyValue("--gap")) || 16;
    card.style.gridRowEnd = "span " + Math.max(1, Math.ceil((height + gap) / ROW));
  }
  var resizer = new ResizeObserver(function (entries) { entries.forEach(function (e) { span(e.target); }); });
  wall.classList.add("is-masonry");
  wall.querySelectorAll(".card").forEach(function (card) { resizer.observe(card); span(card); });
})();
