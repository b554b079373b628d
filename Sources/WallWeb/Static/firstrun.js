/* The first-run panel of an empty wall: the QR code of the address this page was served from, for
   a phone to open (drawn by qr.js), and that address as text; a loopback address, which no phone
   reaches, is said to be one. The panel goes when the first card arrives (cards.js removes the
   wall's `[data-empty]`). */
(function () {
  "use strict";
  var panel = document.querySelector("[data-first-run]");
  if (!panel || !window.DWQR) return;
  var address = location.origin + "/";
  var code = panel.querySelector("[data-qr]"), text = panel.querySelector("[data-server-address]");
  if (text) text.textContent = address;
  if (code) code.appendChild(DWQR.svg(address, "QR code of " + address));
  var loopback = /^(127\.|localhost$|\[::1\]$)/.test(location.hostname), hint = panel.querySelector("[data-loopback-hint]");
  if (hint) hint.hidden = !loopback;
})();
