// Safari's JavaScript preprocessing for the Share Extension (Info.plist:
// NSExtensionJavaScriptPreprocessingFile = GetPage). Safari runs `run` in the page being shared
// and hands the dictionary given to `completionFunction` to the extension as the attachment's
// property list, under NSExtensionJavaScriptPreprocessingResultsKey. ShareKit's PagePayload reads
// it into the share's page snapshot and holds every field to its limit again.
//
// What it sends: the address, the title, the selected text, the page's own canonical address,
// and the rendered document's readable part (the main article when the page marks one, else the
// body) as HTML, without scripts, styles, frames, forms or hidden elements. The HTML is cut to
// MAX_HTML_BYTES UTF-8 bytes; when even the readable part is larger, its text is sent instead,
// cut to MAX_TEXT_CHARACTERS. The limits are WallCore's Limits.maxPageSnapshot*.
var GetPage = function () {};

GetPage.prototype = {
    MAX_HTML_BYTES: 786432,
    MAX_TEXT_CHARACTERS: 100000,
    MAX_SELECTION_CHARACTERS: 20000,
    MAX_TITLE_CHARACTERS: 1000,
    REMOVED: "script, style, noscript, template, iframe, frame, object, embed, form, input, textarea, select, button, dialog, [hidden], [aria-hidden=true]",

    run: function (parameters) {
        var result = { URL: document.URL };
        try {
            result.title = String(document.title || "").slice(0, this.MAX_TITLE_CHARACTERS);
            var selection = window.getSelection ? String(window.getSelection() || "") : "";
            if (selection.trim() !== "") result.selection = selection.slice(0, this.MAX_SELECTION_CHARACTERS);
            var canonical = document.querySelector("link[rel~='canonical'][href]");
            if (canonical && /^https?:/i.test(canonical.href)) result.canonicalUrl = canonical.href;
            var readable = this.readablePart();
            if (readable) {
                var html = readable.outerHTML;
                if (this.utf8Length(html) <= this.MAX_HTML_BYTES) {
                    result.html = html;
                } else {
                    result.text = String(readable.textContent || "").replace(/\s+/g, " ").trim().slice(0, this.MAX_TEXT_CHARACTERS);
                }
            }
        } catch (error) {
            // The address alone still makes a share; ShareKit fills in the rest as it can.
        }
        parameters.completionFunction(result);
    },

    finalize: function (parameters) {},

    // The main article (or <main>) when the page marks exactly one, else the body; a copy, so the
    // page the person is reading is never changed.
    readablePart: function () {
        var candidates = document.querySelectorAll("article, main, [role=main]");
        var root = candidates.length === 1 ? candidates[0] : document.body;
        if (!root) return null;
        var copy = root.cloneNode(true);
        var removed = copy.querySelectorAll(this.REMOVED);
        for (var i = 0; i < removed.length; i++) removed[i].remove();
        var all = copy.querySelectorAll("*");
        for (var j = 0; j < all.length; j++) {
            var names = all[j].getAttributeNames();
            for (var k = 0; k < names.length; k++) {
                if (/^on/i.test(names[k]) || /^javascript:/i.test(all[j].getAttribute(names[k]) || "")) all[j].removeAttribute(names[k]);
            }
        }
        return copy;
    },

    utf8Length: function (text) {
        return new TextEncoder().encode(text).length;
    }
};

var ExtensionPreprocessingJS = new GetPage();
