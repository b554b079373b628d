/* The search box's suggestions: as one types, the search language's operators (`tag:`, `kind:`,
   …) for a word that begins like one, and an operator's values after its colon: `tag:` from the
   person's own tags (GET /v1/tags, asked once), `wall:` from their walls, `kind:`, `has:` and
   `is:` from the fixed few. The grammar comes from the server (`data-grammar`, written from
   WallCore), so the page never keeps a copy of its own. Arrow keys move, Enter or Tab takes a
   suggestion, Escape closes; without a suggestion chosen, Enter searches as before. */
(function () {
  "use strict";
  var input = document.getElementById("search-input");
  var list = document.getElementById("search-suggestions");
  if (!input || !list) return;
  var grammar;
  try { grammar = JSON.parse(input.dataset.grammar || "{}"); } catch (e) { return; }
  var operators = grammar.operators || [], values = grammar.values || {};
  var MAX = 8;
  var tags = null, asking = null, shown = [], active = -1;

  function askTags() {
    if (tags || asking) return asking;
    asking = fetch("/v1/tags", { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : { tags: [] }; })
      .then(function (body) { tags = body.tags.map(function (t) { return t.name; }); render(); })
      .catch(function () { tags = []; });
    return asking;
  }

  /* The word being typed: from the last space before the caret to the caret. */
  function currentWord() {
    var caret = input.selectionStart == null ? input.value.length : input.selectionStart;
    var before = input.value.slice(0, caret);
    var start = Math.max(before.lastIndexOf(" "), before.lastIndexOf("\t")) + 1;
    return { start: start, end: caret, text: before.slice(start) };
  }

  function quoted(value) { return /\s/.test(value) ? '"' + value.replace(/"/g, "") + '"' : value; }

  /* What to offer for `word`: [{label, insert}], `insert` replacing the word. */
  function suggestionsFor(word) {
    var sign = word.charAt(0) === "-" ? "-" : "", text = word.slice(sign.length);
    var colon = text.indexOf(":");
    if (colon < 0) {
      if (!/^[a-z]+$/i.test(text)) return [];
      return operators.filter(function (name) { return name.indexOf(text.toLowerCase()) === 0 && name !== text; })
        .map(function (name) { return { label: sign + name + ":", insert: sign + name + ":", more: true }; });
    }
    var name = text.slice(0, colon).toLowerCase(), typed = text.slice(colon + 1).replace(/^"/, "").toLowerCase();
    var choices;
    if (name === "tag") { if (!tags) { askTags(); return []; } choices = tags; }
    else choices = values[name];
    if (!choices) return [];
    return choices.filter(function (value) { return value.toLowerCase().indexOf(typed) === 0 && value.toLowerCase() !== typed; })
      .slice(0, MAX)
      .map(function (value) { return { label: sign + name + ":" + value, insert: sign + name + ":" + quoted(value) + " " }; });
  }

  function close() {
    shown = []; active = -1;
    list.hidden = true; list.textContent = "";
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
  }

  function render() {
    if (document.activeElement !== input) return close();
    shown = suggestionsFor(currentWord().text).slice(0, MAX);
    if (!shown.length) return close();
    if (active >= shown.length) active = shown.length - 1;
    list.textContent = "";
    shown.forEach(function (s, i) {
      var li = document.createElement("li");
      li.id = "search-suggestion-" + i;
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", i === active ? "true" : "false");
      li.textContent = s.label;
      li.addEventListener("mousedown", function (e) { e.preventDefault(); take(i); });
      list.appendChild(li);
    });
    list.hidden = false;
    input.setAttribute("aria-expanded", "true");
    if (active >= 0) input.setAttribute("aria-activedescendant", "search-suggestion-" + active);
    else input.removeAttribute("aria-activedescendant");
  }

  function take(i) {
    var s = shown[i], word = currentWord();
    if (!s) return;
    input.value = input.value.slice(0, word.start) + s.insert + input.value.slice(word.end);
    var caret = word.start + s.insert.length;
    input.setSelectionRange(caret, caret);
    active = -1;
    input.focus();
    render();
  }

  input.addEventListener("input", function () { active = -1; render(); });
  input.addEventListener("focus", render);
  input.addEventListener("blur", close);
  input.addEventListener("keydown", function (e) {
    if (list.hidden) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      /* Positions -1 (the text as typed) to the last suggestion, round and round. */
      var count = shown.length + 1, step = e.key === "ArrowDown" ? 1 : -1;
      active = (active + 1 + step + count) % count - 1;
      render();
    } else if ((e.key === "Enter" || e.key === "Tab") && active >= 0) {
      e.preventDefault();
      take(active);
    } else if (e.key === "Tab" && shown.length === 1) {
      e.preventDefault();
      take(0);
    } else if (e.key === "Escape") {
      e.preventDefault();
      close();
    }
  });
})();
