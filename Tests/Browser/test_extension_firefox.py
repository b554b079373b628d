"""The same extension in Debian's Firefox ESR. Playwright drives only its own patched Firefox,
so this drives Debian's `firefox-esr` through WebDriver BiDi (the W3C protocol Firefox speaks
natively; a small client on the `websockets` package): the add-on is installed as a temporary
add-on from the unpacked copy `scripts/package-extension --unpacked` makes of Extensions/browser
(Firefox loads no file a temporary add-on links to outside its folder, and src/queue.js links to
the web wall's share client), signs in from its options page, and its popup saves a
fixture page whose words were written by script after load; the card's readable text is those
words. The Chromium file tests the rest (menus, queue, refusals) on the same code."""
import base64
import itertools
import json
import os
import shutil
import subprocess
import tempfile
import time

import pytest
from websockets.sync.client import connect

from conftest import ARTIFACTS, API, BINARY, PASSWORD, ROOT, USERNAME, free_port
from test_extension import ExtensionServer, items_with_url, site, wait_for  # noqa: F401 (fixture)

FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
ADDON_ID = "extension@digital-wall.example"
ADDON_UUID = "1b2c3d4e-0000-4000-8000-00000000abcd"  # fixed through the profile, so its pages have known addresses
BASE = "moz-extension://%s/" % ADDON_UUID


class BiDi:
    """A WebDriver BiDi session: `call` sends a command and returns its result (events are skipped)."""

    def __init__(self, port):
        deadline = time.monotonic() + 60
        while True:
            try:
                self.socket = connect("ws://127.0.0.1:%d/session" % port, max_size=None, open_timeout=5)
                break
            except OSError:
                assert time.monotonic() < deadline, "Firefox's WebDriver BiDi did not answer within 60 s"
                time.sleep(0.2)
        self.ids = itertools.count(1)
        self.call("session.new", {"capabilities": {}})

    def call(self, method, params):
        number = next(self.ids)
        self.socket.send(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv(timeout=60))
            if message.get("id") == number:
                assert message["type"] == "success", message
                return message["result"]

    def contexts(self):
        return self.call("browsingContext.getTree", {})["contexts"]

    def context_at(self, prefix):
        found = [c["context"] for c in self.contexts() if c["url"].startswith(prefix)]
        return found[0] if found else None

    def run(self, context, expression):
        """Evaluates `expression` (awaiting a promise) in `context`; returns its JSON value."""
        result = self.call("script.evaluate", {
            "expression": "(async () => JSON.stringify(await (%s)))()" % expression,
            "target": {"context": context}, "awaitPromise": True})
        assert result["type"] == "success", result
        value = result["result"].get("value")
        return json.loads(value) if value is not None else None


@pytest.fixture(scope="module")
def firefox():
    if not os.path.exists(FIREFOX):
        pytest.fail("no %s: scripts/browser-test installs Debian's firefox-esr" % FIREFOX)
    profile = tempfile.mkdtemp(prefix="dwall-firefox-")
    with open(os.path.join(profile, "user.js"), "w") as f:
        f.write('user_pref("extensions.webextensions.uuids", %s);\n' % json.dumps(json.dumps({ADDON_ID: ADDON_UUID})))
        f.write('user_pref("browser.shell.checkDefaultBrowser", false);\n')
        f.write('user_pref("datareporting.policy.dataSubmissionEnabled", false);\n')
    unpacked = profile + "-extension"
    made = subprocess.run([os.path.join(ROOT, "scripts", "package-extension"), "--unpacked", unpacked], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    port = free_port()
    log = open(profile + ".log", "w")
    process = subprocess.Popen([FIREFOX, "--headless", "--no-remote", "--profile", profile,
                                "--remote-debugging-port", str(port)], stdout=log, stderr=subprocess.STDOUT)
    try:
        bidi = BiDi(port)
        assert bidi.call("webExtension.install", {"extensionData": {"type": "path", "path": unpacked}}) == {"extension": ADDON_ID}
        yield bidi
    finally:
        process.terminate()
        process.wait(timeout=30)
        shutil.rmtree(profile, ignore_errors=True)
        shutil.rmtree(unpacked, ignore_errors=True)


@pytest.fixture(scope="module")
def firefox_server():
    server = ExtensionServer()
    server.start()
    created = subprocess.run([BINARY, "user", "create", USERNAME, "--password-stdin", "--data", server.data],
                             input=PASSWORD + "\n", capture_output=True, text=True, env=server.env)
    assert created.returncode == 0, created.stderr
    yield server
    server.stop()


def test_firefox_signs_in_and_saves_the_page_as_rendered(firefox, firefox_server, site):
    # Installing opens the options page (runtime.openOptionsPage on install).
    options = wait_for(lambda: firefox.context_at(BASE + "options.html"), what="the options page")
    wait_for(lambda: firefox.run(options, "document.body.dataset.ready === 'true'"), what="the options page to load")
    firefox.run(options, """(() => {
        document.querySelector('#server').value = %s;
        document.querySelector('#username').value = %s;
        document.querySelector('#password').value = %s;
        document.querySelector('#sign-in-button').click();
        return true; })()""" % (json.dumps(firefox_server.base), json.dumps(USERNAME), json.dumps(PASSWORD)))
    status = wait_for(lambda: (lambda text: text if text and not text.startswith("Checking") else None)(
        firefox.run(options, "document.querySelector('#status').textContent")), what="the sign-in's answer")
    assert status.startswith("Signed in"), status
    # The share client, a classic script the extension's modules import, is there in Firefox too.
    assert firefox.run(options, "typeof DWQueue.drain + ' ' + typeof navigator.locks.request") == "function function"
    token = firefox.run(options, "chrome.storage.local.get('token').then((s) => s.token)")
    api = API(firefox_server.base, token)
    status, me = api.request("GET", "/v1/me")
    assert status == 200 and me["user"]["username"] == USERNAME

    url = site + "/article.html"
    tab = firefox.run(options, "chrome.tabs.create({url: %s}).then((tab) => tab.id)" % json.dumps(url))
    page = wait_for(lambda: firefox.context_at(url), what="the fixture tab")
    wait_for(lambda: firefox.run(page, "document.body && document.body.dataset.rendered === 'yes'"), what="the script to render")
    firefox.run(options, "chrome.tabs.create({url: 'popup.html?tabId=%d'}).then(() => true)" % tab)
    popup = wait_for(lambda: firefox.context_at(BASE + "popup.html"), what="the popup")
    wait_for(lambda: firefox.run(popup, "document.body.dataset.ready === 'true'"), what="the popup to load")
    assert firefox.run(popup, "document.querySelector('#page-title').textContent") == "Tide pools"
    firefox.run(popup, """(() => { document.querySelector('#note').value = 'from firefox';
        document.querySelector('#save').click(); return true; })()""")
    result = wait_for(lambda: firefox.run(popup, "document.querySelector('#result').hidden ? null : document.querySelector('#result').textContent"),
                      what="the popup's answer")
    assert result.startswith("Saved"), result
    firefox.call("browsingContext.setViewport", {"context": popup, "viewport": {"width": 380, "height": 480}})
    shot = firefox.call("browsingContext.captureScreenshot", {"context": popup})
    os.makedirs(ARTIFACTS, exist_ok=True)
    with open(os.path.join(ARTIFACTS, "extension-popup-firefox-saved.png"), "wb") as f:
        f.write(base64.b64decode(shot["data"]))

    [item] = items_with_url(api, url)
    assert item["userNote"] == "from firefox" and item["source"] == "browser_extension"

    def settled():
        _, detail = api.request("GET", "/v1/items/" + item["id"])
        return detail if detail["state"] != "pending" else None
    preview = wait_for(settled, what="the snapshot to be read")["preview"]
    assert "kelp forests shelter sea otters" in preview["readableText"]
    assert preview["readableTextSource"] == "page_snapshot"
