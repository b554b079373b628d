"""The browser extension's sending, by the share client it shares with the web wall
(Extensions/browser/src/queue.js, a link to Sources/WallWeb/Static/queue.js), in Chromium: the
extension signs in to a switch in front of the real `dwall serve` that answers POST /v1/share
with a network's 200 sign-in page, a 200 JSON naming another share, a 503 with Retry-After:
120, a 401 or a 413, or passes it on. The popup says what became of the share (queued, signed
out, or not saved and why), nothing is sent before its time (the share client's clock, moved
on), and once the real server answers the share lands exactly once. Also: the outbox the
extension kept before (its own IndexedDB `dwall-outbox`) is moved into the shared one."""
import base64
import http.server
import json
import threading
import urllib.error
import urllib.request

import pytest

from conftest import USERNAME  # noqa: F401
from test_extension import (  # noqa: F401 (fixtures)
    PNG, chromium, extension_id, items_with_url, open_popup, open_tab, result_of, sign_in, site, tab_id, wait_for,
    wall_api, wall_server, worker)
from test_share_client import ANSWERS, seed_old_outbox


class Switch(http.server.BaseHTTPRequestHandler):
    """Passes every request on to the real server, but answers POST /v1/share as `mode` says
    (None: passed on too); `shares` counts the shares sent to it, by their page address."""
    backend, mode, shares = None, None, []

    def forward(self, body=None):
        headers = {k: v for k, v in self.headers.items() if k.lower() in ("authorization", "content-type", "x-proxy-key")}
        request = urllib.request.Request(Switch.backend + self.path, data=body, method=self.command, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                self.answer(response.status, response.headers.get("Content-Type"), response.read(), {})
        except urllib.error.HTTPError as error:
            self.answer(error.code, error.headers.get("Content-Type"), error.read(), {})

    def answer(self, status, kind, body, headers):
        body = body.encode() if isinstance(body, str) else body
        self.send_response(status)
        if kind:
            self.send_header("Content-Type", kind)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self.forward()

    def do_DELETE(self):
        self.forward()

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.path == "/v1/share":
            Switch.shares.append(body.decode("utf-8", "replace"))
            if Switch.mode is not None:
                self.answer(*ANSWERS[Switch.mode])
                return
        self.forward(body)

    def log_message(self, *arguments):
        pass


@pytest.fixture(scope="module")
def switch(wall_server, wall_api, chromium, extension_id):
    Switch.backend = wall_server.base
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Switch)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = "http://127.0.0.1:%d" % httpd.server_address[1]
    sign_in(chromium, extension_id, base)
    yield base
    httpd.shutdown()


@pytest.fixture
def clock(worker):
    """Moves the share client's clock in the extension's worker on by `ms` (0: back to now)."""
    def move(ms):
        worker.evaluate("(ms) => { DWQueue.now = () => Date.now() + ms; return true; }", ms)
    yield move
    move(0)


def sent(url):
    return len([body for body in Switch.shares if url in body])


@pytest.fixture
def save(chromium, extension_id, worker):
    """Saves a fixture page from the popup; resolves to the popup and what it said."""
    opened = []

    def from_the_popup(url):
        opened.append(open_tab(chromium, url))
        popup = open_popup(chromium, extension_id, tab_id(worker, url))
        opened.append(popup)
        popup.click("#save")
        return popup, result_of(popup)
    yield from_the_popup
    for page in opened:
        page.close()


def waiting_for(worker, title):
    found = [e for e in worker.evaluate("dwall.waiting()") if e["title"] == title]
    return found[0] if found else None


@pytest.mark.parametrize("mode", ["sign-in page", "another share"])
def test_a_200_that_does_not_name_the_share_keeps_it_queued(worker, switch, site, wall_api, clock, save, mode):
    name = mode.replace(" ", "-")
    url = site + "/page/" + name
    Switch.mode = mode
    popup, text = save(url)
    assert text.startswith("Queued — will send when the server is reachable"), text
    assert "did not come from the wall's server" in text
    entry = waiting_for(worker, "Page " + name)
    assert entry and entry["attempts"] == 1 and not entry["refused"], entry
    assert items_with_url(wall_api, url) == [] and sent(url) == 1

    Switch.mode = None
    clock(6000)  # past the first backoff (at most 5 s)
    worker.evaluate("dwall.drain().then(() => true)")
    assert waiting_for(worker, "Page " + name) is None
    assert len(items_with_url(wall_api, url)) == 1 and sent(url) == 2


def test_a_503_waits_out_its_retry_after(worker, switch, site, wall_api, clock, save):
    url = site + "/page/retry-after"
    Switch.mode = "busy"
    popup, text = save(url)
    assert text.startswith("Queued") and "The server is busy." in text, text
    # The worker is woken for the next try once the pause is over, not before.
    wait_for(lambda: worker.evaluate("chrome.alarms.get('drain').then((a) => (a ? a.scheduledTime : 0) - Date.now())") > 110_000,
             what="the alarm for the next try")

    Switch.mode = None
    clock(119_000)
    worker.evaluate("dwall.drain().then(() => true)")
    assert sent(url) == 1, "sent again before the server's Retry-After"
    clock(121_000)
    worker.evaluate("dwall.drain().then(() => true)")
    assert waiting_for(worker, "Page retry-after") is None
    assert len(items_with_url(wall_api, url)) == 1 and sent(url) == 2


def test_a_401_signs_out_and_keeps_the_share(chromium, extension_id, worker, switch, site, wall_api, save):
    url = site + "/page/signed-out"
    Switch.mode = "signed out"
    popup, text = save(url)
    assert text.startswith("Not sent — signed out"), text
    assert worker.evaluate("chrome.storage.local.get('token').then((s) => s.token)") == ""
    assert waiting_for(worker, "Page signed-out")["refused"] is None
    Switch.mode = None
    sign_in(chromium, extension_id, switch)
    wait_for(lambda: items_with_url(wall_api, url), what="the kept share after signing in again")
    wait_for(lambda: waiting_for(worker, "Page signed-out") is None, what="the outbox to let it go")
    assert len(items_with_url(wall_api, url)) == 1 and sent(url) == 2


def test_a_413_is_not_saved_and_says_why(worker, switch, site, wall_api, save):
    url = site + "/page/too-large"
    Switch.mode = "too large"
    popup, text = save(url)
    assert text.startswith("Not saved") and "The share is larger than this server takes." in text, text
    entry = waiting_for(worker, "Page too-large")
    assert entry["refused"] == "The share is larger than this server takes.", entry
    Switch.mode = None
    worker.evaluate("dwall.drain({force: true}).then(() => true)")
    assert sent(url) == 1, "a refused share is not sent again"
    popup.reload()
    popup.wait_for_selector("body[data-ready=true]")
    item = popup.locator("#queue-list li", has_text="Refused: The share is larger")
    item.locator("button", has_text="Discard").click()
    wait_for(lambda: waiting_for(worker, "Page too-large") is None, what="the discard")
    assert items_with_url(wall_api, url) == []


def old(n, url, **extra):
    """A record of the extension's old outbox, as it kept them."""
    share_id = "0A0A0A0A-0000-4000-8000-00000000000%d" % n
    body = {"id": share_id, "contentType": "image" if extra.get("png") else "url", "url": url,
            "source": "browser_extension", "timestamp": "2026-01-01T00:00:00Z"}
    return dict({"id": share_id, "kind": body["contentType"], "body": body, "createdAt": n, "attempts": 2,
                 "nextAttemptAt": 0, "reason": "Can't reach it.", "refused": None}, **extra)


def test_the_extensions_old_outbox_moves_into_the_shared_one(chromium, extension_id, worker, switch, site, wall_api):
    page = chromium.new_page()
    page.goto("chrome-extension://%s/options.html" % extension_id)
    page.wait_for_selector("body[data-ready=true]")
    waiting, refused, filed = site + "/page/old-waiting", site + "/page/old-refused", site + "/page/old-file"
    seed_old_outbox(page, "dwall-outbox", "shares", [
        old(1, waiting), old(2, refused, refused="Too long."), old(3, filed, png=base64.b64encode(PNG).decode())])
    # Any page of the extension that loads the share client moves it in (the worker, after an update).
    moved = page.evaluate("DWQueue.all()")
    assert [(e["id"][-1], e["failures"], e["refused"]) for e in moved] == [("1", 2, None), ("2", 2, "Too long."), ("3", 2, None)], moved
    assert page.evaluate("DWQueue.all().then((a) => a[2].files[0] instanceof File && a[2].files[0].name)") == "old.png"
    assert "dwall-outbox" not in [d["name"] for d in page.evaluate("indexedDB.databases()")]
    worker.evaluate("dwall.drain({force: true}).then(() => true)")
    assert len(items_with_url(wall_api, waiting)) == 1 and items_with_url(wall_api, refused) == []
    [note] = items_with_url(wall_api, filed)
    assert note["file"]["name"] == "old.png" and note["file"]["size"] == len(PNG), note
    assert [e["refused"] for e in worker.evaluate("dwall.waiting()")] == ["Too long."]
    worker.evaluate("dwall.discard('0A0A0A0A-0000-4000-8000-000000000002').then(() => true)")
    page.close()
