/* What every script of the signed-in pages shares (`DW`): the API with the session's CSRF
   token, HTML from text, messages at the foot of the page, relative times, and announcements
   for screen readers. */
(function () {
  "use strict";
  var DW = window.DW = window.DW || {};
  var csrf = (document.querySelector('meta[name="csrf-token"]') || {}).content || "";
  DW.csrf = csrf;

  /* A request to the server's API as the signed-in person (the session cookie and its token). */
  DW.api = function (method, path, json, extra) {
    var options = Object.assign({ method: method, credentials: "same-origin", headers: { "X-CSRF-Token": csrf } }, extra || {});
    if (json !== undefined) { options.headers["Content-Type"] = "application/json"; options.body = JSON.stringify(json); }
    return fetch(path, options);
  };
  DW.html = function (text) { var t = document.createElement("template"); t.innerHTML = text; return t.content; };

  /* A message at the foot of the page (first in the tab order, after the skip link), with an
     optional action. While it holds the keyboard's focus or the pointer it waits (`hold(true)`
     tells the caller, so a delete it offers to undo waits too), then closes at least 2 s after. */
  DW.toast = function (message, actionLabel, action, ms, hold) {
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
  };

  /* Says `message` to a screen reader without showing it (a polite live region of its own). */
  DW.announce = function (message) {
    var region = document.querySelector("[data-announcer]"); if (!region) return;
    region.textContent = "";
    setTimeout(function () { region.textContent = message; }, 50); /* a change, even for the same words */
  };

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
  /* Writes each `<time>` under `root` as "5 minutes ago" (a week or older keeps its date). */
  DW.times = function (root) {
    (root || document).querySelectorAll("time[datetime]").forEach(function (t) { var s = since(t.dateTime); if (s) t.textContent = s; });
  };
})();
