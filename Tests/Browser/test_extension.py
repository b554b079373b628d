"""The browser extension (Extensions/browser) loaded unpacked into Debian's Chromium (new
headless mode) against the real `dwall serve`, whose own link previews are off: sign-in from
the options page, the popup saving a page whose words were written by script after load (which
only the browser saw), the context menus' handlers for a link, an image and a selection, the
offline queue across a server restart (the share lands exactly once), and the messages for a
server that is down, a revoked token, an oversized image and a server that does not fit."""
import http.server
import json
import os
import re
import threading
import time
import urllib.parse
import urllib.request
import zlib
import struct

import pytest

from conftest import API, CHROMIUM, PASSWORD, ROOT, USERNAME, Server, free_port, screenshot

EXTENSION = os.path.join(ROOT, "Extensions", "browser")


def tiny_png():
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + b"\x20\x60\xe0" * 8 for _ in range(8))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


PNG = tiny_png()
HUGE = b"\x89PNG\r\n\x1a\n" + os.urandom(1_600_000)  # over the test server's 1 MB upload limit

ARTICLE = """<!doctype html><html><head><meta charset="utf-8"><title>Tide pools</title>
<link rel="canonical" href="/article.html"></head>
<body><nav>menu words</nav><article id="story"><h1>Tide pools</h1><p>Loading…</p></article>
<p>Read <a id="link" href="/linked.html">The linked story</a> next.</p>
<img id="pic" src="/pic.png" alt="a picture"> <img id="huge" src="/huge.png" alt="a huge picture">
<p id="quote">Anemones fold inward when the water leaves.</p>
<script>
window.addEventListener("load", () => {
  document.querySelector("#story p").textContent = "Rendered after load: kelp forests shelter sea otters.";
  document.body.dataset.rendered = "yes";
});
</script></body></html>"""


class Fixtures(http.server.BaseHTTPRequestHandler):
    """The fixture site, on a loopback address of its own; `meta` answers like a server from
    the future (API v2) for the version check, and remembers the headers it was sent."""
    meta_headers = []

    def do_GET(self):
        path = urllib.parse.urlparse(self.path).path
        if path == "/v1/meta":
            Fixtures.meta_headers.append(dict(self.headers))
        if path.startswith("/page/"):
            body = ("<title>Page %s</title><p>Words of %s.</p>" % (path[6:], path[6:])).encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        pages = {
            "/article.html": ("text/html; charset=utf-8", ARTICLE.encode()),
            "/queued.html": ("text/html; charset=utf-8", b"<title>Saved while offline</title><p>Offline words.</p>"),
            "/revoked.html": ("text/html; charset=utf-8", b"<title>After revoking</title><p>Words.</p>"),
            "/linked.html": ("text/html; charset=utf-8", b"<title>Linked</title><p>The linked page.</p>"),
            "/pic.png": ("image/png", PNG),
            "/huge.png": ("image/png", HUGE),
            "/v1/meta": ("application/json", json.dumps({"name": "dwall", "apiVersion": 2, "features": []}).encode()),
        }
        if path not in pages:
            self.send_error(404)
            return
        kind, body = pages[path]
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


@pytest.fixture(scope="module")
def site():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Fixtures)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield "http://127.0.0.1:%d" % httpd.server_address[1]
    httpd.shutdown()


class ExtensionServer(Server):
    """A server of this module's own (it is stopped and started), with a 1 MB upload limit."""
    def start(self):
        self.env["DWALL_MAX_UPLOAD_MB"] = "1"
        super().start()


@pytest.fixture(scope="module")
def wall_server():
    server = ExtensionServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def wall_api(wall_server, playwright_instance):
    # The first account, through the setup link the server logged (as a person would).
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
    page = browser.new_page()
    wall_server.set_up_first_account(page)
    browser.close()
    return API(wall_server.base, wall_server.admin("token", "create", "--user", USERNAME, "--label", "extension tests"))


@pytest.fixture(scope="module")
def chromium(playwright_instance, tmp_path_factory):
    profile = tmp_path_factory.mktemp("chromium-profile")
    context = playwright_instance.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, headless=True,
        ignore_default_args=["--disable-extensions"],
        args=["--no-sandbox", "--disable-extensions-except=" + EXTENSION, "--load-extension=" + EXTENSION,
              "--disable-features=DisableLoadExtensionCommandLineSwitch"],
        viewport={"width": 420, "height": 640})
    yield context
    context.close()


@pytest.fixture(scope="module")
def worker(chromium):
    workers = chromium.service_workers or [chromium.wait_for_event("serviceworker", timeout=30000)]
    return workers[0]


@pytest.fixture(scope="module")
def extension_id(worker):
    return worker.url.split("/")[2]


def problems_of(page):
    problems = []
    page.on("pageerror", lambda error: problems.append("script error: %s" % error))
    return problems


def sign_in(chromium, extension_id, base, expect="Signed in", headers=""):
    page = chromium.new_page()
    problems = problems_of(page)
    page.goto("chrome-extension://%s/options.html" % extension_id)
    page.wait_for_selector("body[data-ready=true]")
    page.fill("#server", base)
    if headers:
        page.click("#proxy summary")
        page.fill("#headers", headers)
    page.fill("#username", USERNAME)
    page.fill("#password", PASSWORD)
    page.click("#sign-in-button")
    # (Extension pages forbid eval, so wait from here rather than with wait_for_function.)
    status = wait_for(lambda: (lambda text: text if text and not text.startswith("Checking") else None)(
        page.text_content("#status")), what="the sign-in's answer")
    page.close()
    assert not problems, problems
    assert expect in status, status
    return status


def open_tab(chromium, url):
    page = chromium.new_page()
    page.goto(url)
    return page


def tab_id(worker, url):
    return worker.evaluate("async (url) => (await chrome.tabs.query({url}))[0].id", url)


def open_popup(chromium, extension_id, tab):
    popup = chromium.new_page()
    popup.set_viewport_size({"width": 380, "height": 560})
    popup.goto("chrome-extension://%s/popup.html?tabId=%d" % (extension_id, tab))
    popup.wait_for_selector("body[data-ready=true]", timeout=20000)
    return popup


def result_of(popup):
    popup.wait_for_selector("#result:not([hidden])", timeout=30000)
    return popup.inner_text("#result")


def menu(worker, tab, **info):
    return worker.evaluate(
        "async ([info, tabId]) => dwall.onMenuClick(info, await chrome.tabs.get(tabId))", [info, tab])


def wait_for(check, timeout=30, what="condition"):
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, "timed out waiting for " + what
        time.sleep(0.1)


def items_with_url(api, url):
    return [item for item in api.items() if item.get("url") == url]


def test_a_server_from_another_api_version_is_named_plainly(chromium, extension_id, site):
    status = sign_in(chromium, extension_id, site, expect="API v2", headers="X-Proxy-Key: let me in")
    assert "Update the extension" in status
    assert {k.lower(): v for k, v in Fixtures.meta_headers[-1].items()}.get("x-proxy-key") == "let me in", Fixtures.meta_headers


def test_sign_in_from_the_options_page_gets_a_labelled_token(chromium, extension_id, worker, wall_server, wall_api):
    sign_in(chromium, extension_id, wall_server.base)
    settings = worker.evaluate("chrome.storage.local.get(['server', 'token', 'username'])")
    assert settings["server"] == wall_server.base and settings["token"] and settings["username"] == USERNAME
    status, tokens = wall_api.request("GET", "/v1/tokens")
    assert status == 200
    labels = [token["label"] for token in (tokens["tokens"] if isinstance(tokens, dict) else tokens)]
    assert any(label.startswith("Browser extension (Chromium") for label in labels), labels


def test_the_popup_saves_the_page_as_rendered_with_note_and_tags(chromium, extension_id, worker, site, wall_api):
    url = site + "/article.html"
    page = open_tab(chromium, url)
    page.wait_for_selector("body[data-rendered=yes]")
    popup = open_popup(chromium, extension_id, tab_id(worker, url))
    problems = problems_of(popup)
    assert popup.inner_text("#page-title") == "Tide pools"
    assert popup.inner_text("#page-url") == url
    popup.fill("#note", "for the weekend")
    assert popup.inner_text("#note-count") == "15 / 10000"
    popup.fill("#tags", "Ocean, reading")
    popup.press("#note", "Control+Enter")
    assert result_of(popup).startswith("Saved")
    screenshot(popup, "extension-popup-saved.png")
    assert not problems, problems

    [item] = items_with_url(wall_api, url)
    assert item["source"] == "browser_extension"
    assert item["userNote"] == "for the weekend" and item["tags"] == ["ocean", "reading"]

    def settled():
        status, detail = wall_api.request("GET", "/v1/items/" + item["id"])
        return detail if detail["state"] != "pending" else None
    detail = wait_for(settled, what="the snapshot to be read")
    preview = detail["preview"]
    assert "kelp forests shelter sea otters" in preview["readableText"], preview
    assert "Loading" not in preview["readableText"] and "menu words" not in preview["readableText"]
    assert preview["readableTextSource"] == "page_snapshot"
    assert [found["id"] for found in wall_api.items("q=otters")] == [item["id"]]

    # Saved again: the server says it is already there, and the popup says so.
    popup.reload()
    popup.wait_for_selector("body[data-ready=true]")
    assert popup.is_visible("#already")
    popup.click("#save")
    assert result_of(popup).startswith("Already on your wall")
    assert len(items_with_url(wall_api, url)) == 1
    badge = worker.evaluate("async (tabId) => { await dwall.refreshBadge(await chrome.tabs.get(tabId)); return chrome.action.getBadgeText({tabId}); }", tab_id(worker, url))
    assert badge == "✓"
    popup.close()
    page.close()


def test_the_context_menu_handlers_save_a_link_an_image_and_a_selection(chromium, worker, site, wall_api):
    url = site + "/article.html"
    page = open_tab(chromium, url)
    page.wait_for_selector("body[data-rendered=yes]")
    tab = tab_id(worker, url)

    link = menu(worker, tab, menuItemId="save-link", linkUrl=site + "/linked.html", frameId=0, pageUrl=url)
    assert link["state"] == "saved", link
    [saved_link] = items_with_url(wall_api, site + "/linked.html")
    assert saved_link["kind"] == "url" and saved_link["title"] == "The linked story"

    image = menu(worker, tab, menuItemId="save-image", srcUrl=site + "/pic.png", frameId=0, pageUrl=url)
    assert image["state"] == "saved", image
    images = [item for item in wall_api.items("kind=image") if item["id"] == image["item"]["id"]]
    assert images and images[0]["file"]["size"] == len(PNG)

    page.evaluate("""() => { const range = document.createRange();
        range.selectNodeContents(document.getElementById('quote'));
        getSelection().removeAllRanges(); getSelection().addRange(range); }""")
    selection = menu(worker, tab, menuItemId="save-selection", selectionText=page.evaluate("String(getSelection())"),
                     frameId=0, pageUrl=url)
    assert selection["state"] == "saved", selection
    [passage] = [item for item in wall_api.items("kind=text") if item["id"] == selection["item"]["id"]]
    assert passage["text"] == "Anemones fold inward when the water leaves." and passage["url"] == url
    page.close()


def test_an_oversized_image_says_why_and_sends_nothing(chromium, extension_id, worker, site, wall_api):
    url = site + "/article.html"
    page = open_tab(chromium, url)
    tab = tab_id(worker, url)
    before = len(wall_api.items())
    result = menu(worker, tab, menuItemId="save-image", srcUrl=site + "/huge.png", frameId=0, pageUrl=url)
    assert result["state"] == "refused"
    assert re.search(r"The image is 1\.5 MB; your server takes files up to 1\.0 MB", result["message"]), result
    assert len(wall_api.items()) == before
    popup = open_popup(chromium, extension_id, tab)
    assert "The image is 1.5 MB" in result_of(popup)
    screenshot(popup, "extension-popup-refused.png")
    popup.close()
    page.close()


def test_offline_shares_queue_and_land_exactly_once_when_the_server_is_back(chromium, extension_id, worker, site, wall_server, wall_api):
    url = site + "/queued.html"
    page = open_tab(chromium, url)
    tab = tab_id(worker, url)
    wall_server.stop()
    try:
        popup = open_popup(chromium, extension_id, tab)
        popup.click("#save")
        text = result_of(popup)
        assert text.startswith("Queued — will send when the server is reachable"), text
        assert "Can't reach %s: the server is not reachable." % wall_server.base in text
        popup.wait_for_selector("#queue:not([hidden]) li")
        assert "Saved while offline" in popup.inner_text("#queue-list")
        assert worker.evaluate("chrome.action.getBadgeText({})") == "1"
        screenshot(popup, "extension-popup-queued.png")
    finally:
        wall_server.start()
    # Two drains at once (the alarm and the button) still send it once.
    worker.evaluate("Promise.all([dwall.drain({force: true}), dwall.drain({force: true})])")
    popup.click("#send-now")
    wait_for(lambda: worker.evaluate("dwall.waiting().then((w) => w.length === 0)"), what="the queue to empty")
    assert len(items_with_url(wall_api, url)) == 1
    assert worker.evaluate("chrome.action.getBadgeText({})") == ""
    popup.close()
    page.close()


def test_a_revoked_token_says_to_sign_in_again(chromium, extension_id, worker, site, wall_server, wall_api):
    token = worker.evaluate("chrome.storage.local.get('token').then((s) => s.token)")
    extension_api = API(wall_server.base, token)
    status, me = extension_api.request("GET", "/v1/me")
    assert status == 200
    status, _ = wall_api.request("DELETE", "/v1/tokens/" + me["tokenId"])
    assert status == 204
    url = site + "/revoked.html"
    page = open_tab(chromium, url)
    popup = open_popup(chromium, extension_id, tab_id(worker, url))
    popup.click("#save")
    text = result_of(popup)
    assert text.startswith("Not sent — signed out"), text
    assert "Sign in again" in text
    assert items_with_url(wall_api, url) == []
    # Signing in again sends what waited.
    sign_in(chromium, extension_id, wall_server.base)
    wait_for(lambda: items_with_url(wall_api, url), what="the kept share after signing in again")
    popup.close()
    page.close()


def test_the_package_script_makes_one_zip_for_both_stores(tmp_path):
    import subprocess
    import zipfile
    result = subprocess.run([os.path.join(ROOT, "scripts", "package-extension"), str(tmp_path)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    with open(os.path.join(EXTENSION, "manifest.json")) as f:
        manifest = json.load(f)
    target = result.stdout.strip()
    assert target == str(tmp_path / ("digital-wall-extension-%s.zip" % manifest["version"]))
    with zipfile.ZipFile(target) as archive:
        names = archive.namelist()
        assert json.loads(archive.read("manifest.json")) == manifest
        archive_bytes = {"src/queue.js": archive.read("src/queue.js")}
    for path in ["background.js", "popup.html", "options.html", "src/queue.js", "icons/icon-128.png"]:
        assert path in names
    # The share client is the web wall's own file, linked in git; the zip holds the file itself.
    assert os.path.islink(os.path.join(EXTENSION, "src", "queue.js"))
    with open(os.path.join(ROOT, "Sources", "WallWeb", "Static", "queue.js"), "rb") as f:
        assert archive_bytes["src/queue.js"] == f.read()
    assert not [name for name in names if name.startswith(".") or "/." in name]
    # The manifest serves both: a Chromium service worker, Firefox background scripts and an
    # add-on id, and no permission to every site.
    assert manifest["background"]["service_worker"] == "background.js" and manifest["background"]["scripts"]
    assert manifest["browser_specific_settings"]["gecko"]["id"]
    assert "<all_urls>" not in json.dumps(manifest)
    again = subprocess.run([os.path.join(ROOT, "scripts", "package-extension"), str(tmp_path / "again")],
                           capture_output=True, text=True)
    with open(target, "rb") as first, open(again.stdout.strip(), "rb") as second:
        assert first.read() == second.read(), "the same source gives the same bytes"


def lookups(server):
    """How many `GET /v1/items/lookup` the server has answered (its Prometheus counter)."""
    text = urllib.request.urlopen(server.base + "/metrics").read().decode()
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
               if line.startswith("dwall_http_requests_total{") and 'route="/v1/items/lookup"' in line)


def test_the_saved_mark_follows_tab_switches_asking_once_per_page(chromium, worker, site, wall_server, wall_api):
    saved_url, other_url = site + "/page/saved", site + "/page/other"
    wall_api.share(contentType="url", url=saved_url)
    before = lookups(wall_server)
    saved, other = open_tab(chromium, saved_url), open_tab(chromium, other_url)
    saved_tab, other_tab = tab_id(worker, saved_url), tab_id(worker, other_url)
    worker.evaluate("(tabId) => chrome.tabs.update(tabId, {active: true}).then(() => true)", saved_tab)
    wait_for(lambda: worker.evaluate("(tabId) => chrome.action.getBadgeText({tabId})", saved_tab) == "✓",
             what="the tab switch to mark the saved page")
    for tab in [other_tab, saved_tab, other_tab, saved_tab, other_tab]:
        worker.evaluate("(tabId) => chrome.tabs.update(tabId, {active: true}).then(() => true)", tab)
        worker.evaluate("async (tabId) => { await dwall.refreshBadge(await chrome.tabs.get(tabId)); return true; }", tab)
    assert worker.evaluate("(tabId) => chrome.action.getBadgeText({tabId})", other_tab) == ""
    assert worker.evaluate("(tabId) => chrome.action.getBadgeText({tabId})", saved_tab) == "✓"
    assert lookups(wall_server) - before == 2, "one lookup per page, however often the tabs switch"
    saved.close()
    other.close()


def test_sign_out_revokes_the_token(chromium, extension_id, worker, wall_server):
    token = worker.evaluate("chrome.storage.local.get('token').then((s) => s.token)")
    assert API(wall_server.base, token).request("GET", "/v1/me")[0] == 200
    page = chromium.new_page()
    page.goto("chrome-extension://%s/options.html" % extension_id)
    page.wait_for_selector("body[data-ready=true]")
    page.click("#sign-out")
    wait_for(lambda: page.text_content("#status") == "Signed out.", what="the sign-out")
    assert API(wall_server.base, token).request("GET", "/v1/me")[0] == 401
    assert worker.evaluate("chrome.storage.local.get('token').then((s) => s.token)") == ""
    page.close()


def test_an_http_address_on_the_internet_stored_before_the_update_leaves_it_signed_out(worker):
    kept = worker.evaluate("chrome.storage.local.get(['server', 'token'])")
    try:
        worker.evaluate("chrome.storage.local.set({server: 'http://wall.example.com', token: 'dw_old'}).then(() => true)")
        assert worker.evaluate("dwall.loadSettings().then((s) => s.token)") == "", "no token goes out in clear text"
        worker.evaluate("chrome.storage.local.set({server: 'http://192.168.1.20:8080'}).then(() => true)")
        assert worker.evaluate("dwall.loadSettings().then((s) => s.token)") == "dw_old", "a private network's http:// is kept"
    finally:
        worker.evaluate("(kept) => chrome.storage.local.set(kept).then(() => true)", kept)


def test_the_options_page_refuses_bad_settings_plainly(chromium, extension_id):
    page = chromium.new_page()
    page.goto("chrome-extension://%s/options.html" % extension_id)
    page.wait_for_selector("body[data-ready=true]")
    cases = [
        ("ftp://wall.example.com", "", "must start with https://"),
        ("http://wall.example.com", "", "A server on the internet needs https://"),
        ("http://203.0.113.7:8080", "", "A server on the internet needs https://"),
        ("not an address", "", "not a web address"),
        ("http://127.0.0.1:9", "no colon here", 'Header line 1 is not "Name: value".'),
        ("http://127.0.0.1:9", "Authorization: Bearer x", "carries the extension's token"),
        ("http://127.0.0.1:%d" % free_port(), "", "the server is not reachable"),
    ]
    for server, headers, expected in cases:
        page.fill("#server", server)
        if headers and not page.is_visible("#headers"):
            page.click("#proxy summary")
        if page.is_visible("#headers"):
            page.fill("#headers", headers)
        page.evaluate("document.querySelector('#status').textContent = ''")
        page.click("#sign-in-button")
        status = wait_for(lambda: (lambda text: text if text and not text.startswith("Checking") else None)(
            page.text_content("#status")), what="the refusal")
        assert expected in status, (server, headers, status)
        assert page.get_attribute("#status", "data-kind") == "error"
    page.close()


class Busy(http.server.BaseHTTPRequestHandler):
    """A server that fits (API v1) but is overloaded: every share answers 503 with Retry-After."""
    shares = 0

    def do_GET(self):
        body = json.dumps({"name": "dwall", "apiVersion": 1, "features": ["page_snapshot", "items_lookup"],
                           "limits": {"maxJSONBodyBytes": 1048576, "maxNoteLength": 10000,
                                      "maxUploadBytes": 1048576, "maxPageSnapshotHTMLBytes": 786432}}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        Busy.shares += 1
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        body = b'{"error":{"code":"unavailable","message":"The server is busy; try again shortly."}}'
        self.send_response(503)
        self.send_header("Content-Type", "application/json")
        self.send_header("Retry-After", "120")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


def test_a_busy_server_is_retried_after_its_retry_after(chromium, worker, site):
    busy = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Busy)
    threading.Thread(target=busy.serve_forever, daemon=True).start()
    settings = worker.evaluate("chrome.storage.local.get(['server', 'token'])")
    try:
        worker.evaluate("(server) => chrome.storage.local.set({server, token: 'any'}).then(() => true)",
                        "http://127.0.0.1:%d" % busy.server_address[1])
        url = site + "/page/busy"
        page = open_tab(chromium, url)
        sent_at = time.time() * 1000
        result = worker.evaluate("async (tabId) => dwall.savePage(await chrome.tabs.get(tabId))", tab_id(worker, url))
        assert result["state"] == "queued" and result["reason"] == "The server is busy; try again shortly.", result
        [entry] = [e for e in worker.evaluate("dwall.waiting()") if e["title"] == "Page busy"]
        assert 119_000 <= entry["nextAttemptAt"] - sent_at <= 125_000, "the next attempt waits out Retry-After"
        # A drain that is not forced leaves it alone until then.
        worker.evaluate("dwall.drain().then(() => true)")
        assert Busy.shares == 1
        page.close()
    finally:
        # Throw the busy server's share away before the real server comes back.
        worker.evaluate("async () => { for (const e of await dwall.waiting()) if (e.title === 'Page busy') await dwall.discard(e.id); return true; }")
        worker.evaluate("(s) => chrome.storage.local.set(s).then(() => true)", settings)
        busy.shutdown()
