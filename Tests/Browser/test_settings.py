"""The settings page in real Chromium against the real `dwall serve` (issue 39): its checkboxes
beside their words at a phone's, a tablet's and a desktop's width, the version it runs, the
export downloads (JSON, bookmark HTML, the zip with files) with the page's own session, and the
browser extension's zip served by the server, holding the extension's every file as in the
source and loading in Chromium."""
import hashlib
import html.parser
import json
import os
import re
import zipfile

import pytest

from conftest import ROOT, screenshot
from test_web_wall import png

EXTENSION = os.path.join(ROOT, "Extensions", "browser")
CHECKBOXES = ["Fetch link previews", "One-key shortcuts", "Also revoke every API token"]


def settings_page(browser, server, signed_in, width=1280):
    context = browser.new_context(viewport={"width": width, "height": 900}, storage_state=signed_in, accept_downloads=True)
    page = context.new_page()
    page.goto(server.base + "/settings")
    return context, page


def geometry(page, words):
    """Where the checkbox of the label starting with `words` is, where the first line of its words
    is, and where the label itself starts."""
    return page.evaluate("""words => {
        const label = [...document.querySelectorAll("label.check")].find(l => l.textContent.trim().startsWith(words));
        if (!label) return null;
        const box = label.querySelector("input[type=checkbox]").getBoundingClientRect();
        const range = document.createRange();
        const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
        let text = walker.nextNode();
        while (text && !text.textContent.trim()) text = walker.nextNode();
        range.setStart(text, text.textContent.search(/\\S/)); range.setEnd(text, text.textContent.search(/\\S/) + 1);
        const first = range.getBoundingClientRect(), outer = label.getBoundingClientRect();
        return {box: {left: box.left, right: box.right, top: box.top, bottom: box.bottom, width: box.width},
                text: {left: first.left, top: first.top, bottom: first.bottom}, label: {left: outer.left}};
    }""", words)


@pytest.mark.parametrize("width", [360, 768, 1280])
def test_each_checkbox_sits_right_before_its_words_on_one_line(server, browser, signed_in, width):
    context, page = settings_page(browser, server, signed_in, width)
    for words in CHECKBOXES:
        where = geometry(page, words)
        assert where, "no checkbox labelled %r" % words
        box, text, label = where["box"], where["text"], where["label"]
        assert box["width"] <= 24, "%s: the box is %.0f px wide at %d px" % (words, box["width"], width)
        assert abs(box["left"] - label["left"]) <= 2, "%s: the box is not at the label's left (%r)" % (words, where)
        gap = text["left"] - box["right"]
        assert 0 <= gap <= 12, "%s: %.0f px between the box and its words at %d px" % (words, gap, width)
        middle = (box["top"] + box["bottom"]) / 2
        assert text["top"] <= middle <= text["bottom"], "%s: the box is not on the words' first line (%r)" % (words, where)
    page.locator("label.check", has_text="One-key shortcuts").scroll_into_view_if_needed()
    screenshot(page, "settings-checkboxes-%d.png" % width)
    context.close()


def test_settings_names_the_version_it_runs(server, browser, signed_in):
    with open(os.path.join(ROOT, "Sources", "WallCore", "ReleaseVersion.swift")) as f:
        version = re.search(r'static let current = "([^"]+)"', f.read()).group(1)
    context, page = settings_page(browser, server, signed_in)
    shown = page.locator("[data-version]")
    assert shown.inner_text().strip() == "Digital Wall " + version
    context.close()


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []

    def handle_starttag(self, tag, attributes):
        if tag.lower() == "a":
            self.links.append(dict(attributes).get("href"))


def download(page, name):
    with page.expect_download() as started:
        page.get_by_role("link", name=name).click()
    return started.value


def test_settings_exports_json_bookmark_html_and_the_zip_with_files(server, browser, signed_in, api):
    link = api.share(contentType="url", url="https://example.com/exported-link", title="Exported link")
    picture = png(24, 24)
    context, page = settings_page(browser, server, signed_in)
    uploaded = context.request.post(server.base + "/v1/share", headers={"X-CSRF-Token": page.evaluate("DW.csrf")}, multipart={
        "metadata": json.dumps({"id": "6D4B0C1E-39E4-4F0B-9C39-000000000039", "contentType": "image", "title": "Exported picture"}),
        "file": {"name": "exported.png", "mimeType": "image/png", "buffer": picture}})
    assert uploaded.status in (200, 201), uploaded.text()

    document = download(page, "Export as JSON")
    assert re.fullmatch(r"digitalwall-\d{4}-\d{2}-\d{2}\.json", document.suggested_filename)
    with open(document.path()) as f:
        exported = json.load(f)
    assert exported["format"] == "digitalwall-export"
    assert any(i.get("url") == link["url"] for i in exported["items"])
    assert any(i.get("title") == "Exported picture" for i in exported["items"])

    bookmarks = download(page, "Export as bookmarks")
    assert bookmarks.suggested_filename.endswith(".html")
    parser = Links()
    with open(bookmarks.path()) as f:
        text = f.read()
    assert text.startswith("<!DOCTYPE NETSCAPE-Bookmark-file-1>")
    parser.feed(text)
    assert link["url"] in parser.links

    archive = download(page, "Export with files")
    assert archive.suggested_filename.endswith(".zip")
    with zipfile.ZipFile(archive.path()) as z:
        names = z.namelist()
        assert "digitalwall.json" in names
        assert "blobs/" + hashlib.sha256(picture).hexdigest() in names
        assert z.read("blobs/" + hashlib.sha256(picture).hexdigest()) == picture
    screenshot(page, "settings-export.png")
    context.close()


def source_files():
    """The extension's files as scripts/package-extension packs them: no dot files, links followed."""
    files = {}
    for folder, dirs, names in os.walk(EXTENSION):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in names:
            if not name.startswith("."):
                path = os.path.join(folder, name)
                with open(path, "rb") as f:
                    files[os.path.relpath(path, EXTENSION)] = f.read()
    return files


def test_settings_offers_the_extension_zip_which_holds_every_file_and_loads_in_chromium(
        server, browser, signed_in, playwright_instance, tmp_path):
    context, page = settings_page(browser, server, signed_in)
    section = page.locator("section", has=page.locator("h2", has_text="Save from anywhere"))
    words = section.inner_text()
    assert "Load unpacked" in words and "about:debugging" in words, words
    package = download(page, "Download the extension")
    assert re.fullmatch(r"digital-wall-extension-[\d.]+\.zip", package.suggested_filename), package.suggested_filename
    screenshot(page, "settings-extension.png")
    with zipfile.ZipFile(package.path()) as z:
        packed = {name: z.read(name) for name in z.namelist() if not name.endswith("/")}
        z.extractall(tmp_path / "unpacked")
    context.close()
    assert packed == source_files(), "the zip holds exactly the extension's files, byte for byte"
    manifest = json.loads(packed["manifest.json"])
    named = [manifest["action"]["default_popup"], manifest["options_ui"]["page"], manifest["background"]["service_worker"]]
    named += list(manifest["icons"].values())
    assert all(name in packed for name in named)

    # Chromium loads the unpacked zip as a person would ("Load unpacked"): its worker starts
    # and its popup's script runs.
    unpacked = str(tmp_path / "unpacked")
    chromium = playwright_instance.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), headless=True,
        ignore_default_args=["--disable-extensions"],
        args=["--no-sandbox", "--disable-extensions-except=" + unpacked, "--load-extension=" + unpacked,
              "--disable-features=DisableLoadExtensionCommandLineSwitch"])
    try:
        worker = (chromium.service_workers or [chromium.wait_for_event("serviceworker", timeout=30000)])[0]
        assert worker.url.endswith("/background.js")
        popup = chromium.new_page()
        problems = []
        popup.on("pageerror", lambda error: problems.append(str(error)))
        popup.goto("chrome-extension://%s/options.html" % worker.url.split("/")[2])
        popup.locator("input").first.wait_for()
        assert not problems, problems
    finally:
        chromium.close()
