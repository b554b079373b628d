"""The browser's one share client (Sources/WallWeb/Static/queue.js) on the web wall: the share
box's POST /v1/share answered by what is not the wall's acknowledgement (a network's 200 sign-in
page, a 200 JSON naming another share), a 503 with Retry-After: 120, a 401 and a 413. Each
leaves the share in its right state (kept and said so, signed out, or refused with the server's
reason), nothing is sent before its time (Playwright's clock), and once the real server
answers the share reaches the wall exactly once. Also: the outbox the page kept before this
client (IndexedDB `dwall` v1, store `outbox`) is upgraded with nothing lost, and the service
worker keeps a share target POST the server could not take now, not before its Retry-After."""
import base64
import json
import re
import time
import uuid

import pytest

from test_web_wall import png, until

OTHER_ID = "0F0F0F0F-0000-4000-8000-000000000000"
ANSWERS = {
    "sign-in page": (200, "text/html; charset=utf-8", "<!doctype html><title>Hotel Wi-Fi</title><p>Sign in to browse.</p>", {}),
    "another share": (200, "application/json", json.dumps({"id": OTHER_ID, "status": "saved", "message": "Saved.", "duplicate": False}), {}),
    "busy": (503, "application/json", json.dumps({"error": {"code": "unavailable", "message": "The server is busy."}}), {"Retry-After": "120"}),
    "signed out": (401, "application/json", json.dumps({"error": {"code": "unauthorized", "message": "Sign in first."}}), {}),
    "too large": (413, "application/json", json.dumps({"error": {"code": "too_large", "message": "The share is larger than this server takes."}}), {}),
}


class Switch:
    """Answers POST /v1/share for the page: `mode` names one of ANSWERS, or None for the real
    server; `sent` counts the share's requests (by its text)."""

    def __init__(self, page, marker):
        self.mode, self.sent, self.marker = None, 0, marker
        page.route("**/v1/share", self.handle)

    def handle(self, route):
        if self.marker in (route.request.post_data or ""):
            self.sent += 1
        if self.mode is None:
            route.continue_()
            return
        status, kind, body, headers = ANSWERS[self.mode]
        route.fulfill(status=status, content_type=kind, body=body, headers=headers)


def saved_with(api, text):
    return [i for i in api.items() if i.get("text") == text]


@pytest.fixture
def clocked(server, browser, signed_in):
    """A signed-in wall on Playwright's clock, without the service worker (tested below)."""
    context = browser.new_context(storage_state=signed_in, service_workers="block")
    page = context.new_page()
    problems = []
    page.on("pageerror", lambda error: problems.append("script error: %s" % error))
    page.clock.install()
    page.goto(server.base + "/")
    page.wait_for_selector("[data-live]:not([hidden])")
    # From here no timer fires but by the test's hand (no retry sneaks in between two checks).
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)  # (seconds, in Python)
    yield page
    context.close()
    assert not problems, problems


def share_from_the_box(page, mode, what):
    """Shares `what` (made unique) from the box with POST /v1/share answered as `mode` says;
    returns the switch (to count and change the answers) and the share's text."""
    text = "%s %s" % (what, uuid.uuid4())
    switch = Switch(page, text)
    switch.mode = mode
    page.fill("#share-content", text)
    page.click(".share-box button[type=submit]")
    return switch, text


def entry_of(page, text):
    return page.evaluate("t => DWQueue.all().then(a => a.find(e => e.body.text === t) || null)", text)


@pytest.mark.parametrize("mode", ["sign-in page", "another share"])
def test_a_200_that_does_not_name_the_share_keeps_it(clocked, api, mode):
    switch, text = share_from_the_box(clocked, mode, "Kept through a " + mode)
    card = clocked.locator(".card.is-queued", has_text=text)
    card.locator(".card-state", has_text="did not come from the wall's server").wait_for()
    assert "Not sent yet" in clocked.inner_text("[data-toasts]")
    entry = entry_of(clocked, text)
    assert entry and entry["failures"] == 1 and not entry["refused"], entry
    assert saved_with(api, text) == [] and switch.sent == 1
    clocked.locator("[data-outbox-status]", has_text="the server did not take it yet").wait_for()

    # The real server answers; the retry after the backoff (at most 5 s) lands it once.
    switch.mode = None
    clocked.clock.run_for(6000)
    until(clocked, "DWQueue.all().then(a => !a.some(e => e.body.text === %s))" % json.dumps(text))
    clocked.locator(".card:not(.is-queued)", has_text=text).wait_for()
    assert len(saved_with(api, text)) == 1 and switch.sent == 2


def test_a_503_is_not_sent_again_before_its_retry_after(clocked, api):
    switch, text = share_from_the_box(clocked, "busy", "Waits out Retry-After")
    card = clocked.locator(".card.is-queued", has_text=text)
    card.locator(".card-state", has_text="The server is busy. Trying again in 2 min.").wait_for()
    entry = entry_of(clocked, text)
    assert 119_000 <= entry["notBefore"] - clocked.evaluate("Date.now()") <= 120_500, entry

    switch.mode = None
    clocked.clock.run_for(118_000)
    until(clocked, "!DW.draining()")  # whatever a timer started has ended
    assert switch.sent == 1, "sent again before the server's Retry-After"
    clocked.evaluate("DW.drain()")
    assert switch.sent == 1, "a drain leaves it alone until then"
    assert entry_of(clocked, text), "still kept"
    clocked.clock.run_for(3000)
    deadline = time.monotonic() + 15
    while switch.sent < 2:
        assert time.monotonic() < deadline, "not sent once the pause was over"
        clocked.wait_for_timeout(50)
    clocked.locator(".card:not(.is-queued)", has_text=text).wait_for()
    assert len(saved_with(api, text)) == 1 and switch.sent == 2


def test_a_401_keeps_the_share_until_signed_in_again(clocked, api):
    switch, text = share_from_the_box(clocked, "signed out", "Kept while signed out")
    clocked.locator(".card.is-queued", has_text=text).locator(".card-state", has_text="you are signed out").wait_for()
    clocked.locator("[data-outbox-status]", has_text="you are signed out; sign in again").wait_for()
    entry = entry_of(clocked, text)
    assert entry["signedOut"] and not entry["refused"], entry
    # No timer retries a refused sign-in.
    assert clocked.evaluate("DWQueue.nextTry()") is None
    clocked.clock.run_for(600_000)
    until(clocked, "!DW.draining()")
    assert switch.sent == 1
    # Signed in again, the wall loads and sends it.
    switch.mode = None
    clocked.reload()
    clocked.locator(".card:not(.is-queued)", has_text=text).wait_for()
    until(clocked, "DWQueue.all().then(a => a.length === 0)")
    assert len(saved_with(api, text)) == 1 and switch.sent == 2


def test_a_413_fails_the_share_with_the_servers_reason(clocked, api):
    switch, text = share_from_the_box(clocked, "too large", "Too large for the server")
    refused = clocked.locator(".card.is-refused", has_text=text)
    refused.locator(".card-state", has_text="Not saved: The share is larger than this server takes.").wait_for()
    assert entry_of(clocked, text)["refused"] == "The share is larger than this server takes."
    switch.mode = None
    clocked.reload()
    refused.wait_for()
    clocked.evaluate("DW.drain({ force: true })")
    assert switch.sent == 1, "a refused share is not sent again"
    refused.locator("button", has_text="Dismiss").click()
    until(clocked, "DWQueue.all().then(a => a.length === 0)")
    assert saved_with(api, text) == []


SEED_OLD_OUTBOX = """([name, store, entries]) => new Promise((resolve, reject) => {
    const open = indexedDB.open(name, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(store, { keyPath: 'id' });
    open.onsuccess = () => {
        const tx = open.result.transaction(store, 'readwrite');
        for (const e of entries) {
            const png = e.png && new Blob([Uint8Array.from(atob(e.png), (c) => c.charCodeAt(0))], { type: 'image/png' });
            if (png && name === 'dwall') e.files = [new File([png], 'old.png', { type: 'image/png' })];
            if (png && name !== 'dwall') e.file = { blob: png, name: 'old.png' };
            delete e.png;
            tx.objectStore(store).put(e);
        }
        tx.oncomplete = () => { open.result.close(); resolve(true); };
        tx.onerror = () => reject(tx.error);
    };
    open.onerror = () => reject(open.error);
})"""


def seed_old_outbox(page, name, store, entries):
    """Writes `entries` into an outbox as the old code kept it: IndexedDB `name` v1, `store`; an
    entry's `png` (base64) becomes its file the way that outbox held one (the page's File, the
    extension's { blob, name })."""
    page.evaluate(SEED_OLD_OUTBOX, [name, store, entries])


def old_body(share_id, text):
    return {"id": share_id, "timestamp": "2026-01-01T00:00:00Z", "source": "web", "contentType": "text", "text": text}


def test_the_pages_old_outbox_is_upgraded_with_nothing_lost(server, browser, signed_in, api):
    context = browser.new_context(storage_state=signed_in, service_workers="block")
    page = context.new_page()
    page.goto(server.base + "/healthz")  # the wall's origin, before any of its scripts ran
    marker = str(uuid.uuid4())
    waiting, refused, unconfirmed, with_file = (str(uuid.uuid4()).upper() for _ in range(4))
    seed_old_outbox(page, "dwall", "outbox", [
        {"id": waiting, "body": old_body(waiting, "Waiting in the old outbox " + marker), "queuedAt": 1},
        {"id": refused, "body": old_body(refused, "Refused in the old outbox " + marker), "queuedAt": 2, "refused": "Too long."},
        {"id": unconfirmed, "body": old_body(unconfirmed, "Unconfirmed in the old outbox " + marker), "queuedAt": 3, "unconfirmed": True},
        {"id": with_file, "body": dict(old_body(with_file, "A file in the old outbox " + marker), contentType="image"), "queuedAt": 4,
         "png": base64.b64encode(png()).decode()},
    ])
    page.goto(server.base + "/")
    until(page, "DWQueue.all().then(a => a.length === 2)")
    kept = {e["id"]: e for e in page.evaluate("DWQueue.all()")}
    assert kept[refused]["refused"] == "Too long." and kept[unconfirmed]["unconfirmed"] is True, kept
    stores = page.evaluate("""() => new Promise((resolve) => { const open = indexedDB.open('dwall');
        open.onsuccess = () => { resolve([open.result.version, [...open.result.objectStoreNames]]); open.result.close(); }; })""")
    assert stores == [2, ["shares"]], stores
    texts = [i.get("text") for i in api.items() if marker in (i.get("text") or "")]
    assert sorted(texts) == sorted(["Waiting in the old outbox " + marker, "A file in the old outbox " + marker]), texts
    [filed] = [i for i in api.items() if i.get("text") == "A file in the old outbox " + marker]
    assert filed["file"]["name"] == "old.png" and filed["file"]["size"] == len(png())
    page.locator("#queued-" + unconfirmed, has_text="Save it?").wait_for()
    context.close()


POST_SHARE_TARGET = """(title) => {
    const form = document.createElement('form');
    form.method = 'POST'; form.action = '/share-target'; form.enctype = 'multipart/form-data';
    for (const [name, value] of [['title', title], ['text', ''], ['url', 'https://example.com/busy-share-target']]) {
        const input = document.createElement('input'); input.type = 'hidden'; input.name = name; input.value = value; form.appendChild(input);
    }
    document.body.appendChild(form); form.submit();
}"""


def test_the_worker_keeps_a_share_target_post_the_server_could_not_take(server, browser, signed_in, api):
    context = browser.new_context(storage_state=signed_in)
    page = context.new_page()
    page.clock.install()
    page.goto(server.base + "/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    title = "Busy share target %s" % uuid.uuid4()
    sent = []

    def busy(route):
        sent.append(route.request.url)
        status, kind, body, headers = ANSWERS["busy"]
        route.fulfill(status=status, content_type=kind, body=body, headers=headers)
    context.route(re.compile(r".*/share-target$"), busy)
    page.evaluate(POST_SHARE_TARGET, title)
    page.wait_for_url(re.compile(r".*notice=queued"))
    assert sent, "the worker passed the POST on"
    card = page.locator(".card.is-queued", has_text=title)
    card.locator(".card-state", has_text="while the server could not take it. Save it?").wait_for()
    entry = page.evaluate("t => DWQueue.all().then(a => a.find(e => e.body.title === t))", title)
    assert entry["unconfirmed"] and 110_000 <= entry["notBefore"] - page.evaluate("Date.now()") <= 120_500, entry

    # Saved by the person, it still waits out the server's pause, then goes once.
    shares = []
    context.route("**/v1/share", lambda route: (shares.append(1), route.continue_()))
    card.locator("button", has_text="Save").click()
    page.clock.run_for(100_000)
    page.evaluate("DW.drain()")
    assert shares == [], "sent before the server's Retry-After"
    page.clock.run_for(25_000)
    until(page, "DWQueue.all().then(a => a.length === 0)")
    saved = [i for i in api.items() if i.get("title") == title]
    assert len(saved) == 1 and saved[0]["source"] == "web_share_target", saved
    assert len(shares) == 1
    context.close()
