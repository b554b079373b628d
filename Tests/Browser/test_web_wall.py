"""The web wall in real Chromium against the real `dwall serve`: first run, sign-in, sharing
from the box, live cards, search, edit, delete and undo, the PWA share target, offline shares,
inert hostile titles, and forms refused without their CSRF token."""
import base64
import os
import re
import signal
import sqlite3
import struct
import subprocess
import time
import urllib.error
import uuid
import zlib

from conftest import API, BINARY, PASSWORD, USERNAME, free_port, screenshot, sign_in


def card(page, item_id):
    return page.locator("#item-" + item_id)


def until(page, expression, timeout=10):
    """Waits until `expression` (which may be a promise) is true in the page."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, "still false after %s s: %s" % (timeout, expression)
        page.wait_for_timeout(50)


def test_first_run_setup_makes_the_account_and_signs_in(server, browser):
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.base + "/signin")
    assert "Not set up yet" in page.content()
    link = server.setup_link()
    assert link.startswith(server.base + "/setup?code=")

    page.goto(link)
    page.fill("input[name=username]", USERNAME)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")

    page.wait_for_url(server.base + "/")
    assert page.locator(".walls a[aria-current=page]").inner_text().startswith("Inbox")
    cookie = next(c for c in context.cookies() if c["name"] == "dwall_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"
    page.goto(link)
    assert "Not found" in page.content(), "the link works once"
    context.close()


def test_sign_out_and_sign_in_again(server, browser, account):
    context = browser.new_context()
    page = context.new_page()
    sign_in(page, server.base)
    page.click("text=Sign out")
    page.wait_for_url(re.compile(r".*/signin.*"))
    page.goto(server.base + "/")
    page.wait_for_url(re.compile(r".*/signin$"))
    page.fill("input[name=username]", USERNAME)
    page.fill("input[name=password]", "not the password")
    page.click("button[type=submit]")
    assert "The user name or password is wrong." in page.content()
    sign_in(page, server.base)
    context.close()


def test_share_box_saves_a_link_and_it_appears(wall, api):
    wall.click("#share-content")
    wall.fill("#share-content", "https://example.com/from-the-box")
    wall.fill("#share-note", "typed in the box")
    wall.fill("#share-tags", "boxed, web")
    wall.click(".share-box button[type=submit]")

    saved = wall.locator(".card", has_text="typed in the box")
    saved.wait_for()
    assert "#boxed" in saved.inner_text()
    items = [i for i in api.items() if i.get("url") == "https://example.com/from-the-box"]
    assert len(items) == 1 and items[0]["source"] == "web" and items[0]["tags"] == ["boxed", "web"]
    assert wall.evaluate("DWQueue.all().then(a => a.length)") == 0


def test_a_share_made_over_the_api_appears_live(wall, api):
    item = api.share(contentType="url", url="https://example.com/live-%s" % uuid.uuid4(), title="Shared from the phone")
    answered = time.monotonic()
    card(wall, item["id"]).wait_for(timeout=5000)
    elapsed = time.monotonic() - answered
    assert elapsed < 1.0, "the card took %.2f s to appear" % elapsed
    first = wall.locator(".wall .card").first
    assert first.get_attribute("id") == "item-" + item["id"], "new cards go on top"

    api.request("PATCH", "/v1/items/" + item["id"], {"userNote": "edited elsewhere"})
    card(wall, item["id"]).locator(".card-note", has_text="edited elsewhere").wait_for()
    api.request("DELETE", "/v1/items/" + item["id"])
    card(wall, item["id"]).wait_for(state="detached")


def test_live_stream_reconnects_after_a_restart(server, wall, api):
    server.restart()
    item = api.share(contentType="text", text="Shared after the restart")
    card(wall, item["id"]).wait_for(timeout=15000)


def test_a_wall_back_from_past_the_kept_events_reloads_and_shows_the_wall_as_it_is(server, wall, api):
    """The wall was away longer than the server keeps events: the server tells it to reset, and
    it reloads instead of showing what it had (the changes it missed were pruned)."""
    kept = api.share(contentType="text", text="Here before the long absence")
    doomed = api.share(contentType="text", text="Deleted while the wall was away")
    card(wall, doomed["id"]).wait_for(timeout=15000)
    card(wall, kept["id"]).wait_for(timeout=15000)
    wall.evaluate("window.__beforeTheReset = true")

    # The wall's server stops (its stream ends; the page keeps trying to reconnect). Meanwhile,
    # through the same data served on another port, one share arrives and one is deleted.
    server.stop()
    away_port = free_port()
    away = subprocess.Popen([BINARY, "serve", "--data", server.data, "--port", str(away_port), "--rate-limit", "0"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=server.env)
    try:
        elsewhere = API("http://127.0.0.1:%d" % away_port, api.token)
        deadline = time.time() + 60
        while True:
            try:
                elsewhere.request("GET", "/healthz")
                break
            except (urllib.error.URLError, ConnectionError):
                assert time.time() < deadline and away.poll() is None, "the second server did not start"
                time.sleep(0.05)
        arrived = elsewhere.share(contentType="text", text="Arrived while the wall was away")
        status, _ = elsewhere.request("DELETE", "/v1/items/" + doomed["id"])
        assert status in (200, 204)
    finally:
        away.send_signal(signal.SIGTERM)
        away.wait(timeout=30)

    # A month passes (the events' clock moved back 31 days), and the server's pruning runs.
    database = sqlite3.connect(os.path.join(server.data, "wall.sqlite"), timeout=30)
    database.execute("UPDATE events SET created_at = created_at - ?", (31 * 86400 * 1000,))
    database.commit()
    database.close()
    pruned = server.admin("prune")
    assert int(re.match(r"Pruned (\d+) events", pruned).group(1)) >= 3, pruned
    server.start()

    # The page resumes from before the kept events, is told to reset, and reloads: the card
    # deleted meanwhile is gone and the one shared meanwhile is there.
    wall.wait_for_function("() => window.__beforeTheReset === undefined", timeout=60000)
    card(wall, arrived["id"]).wait_for(timeout=15000)
    card(wall, kept["id"]).wait_for()
    assert card(wall, doomed["id"]).count() == 0


def test_search_marks_matches(wall, api):
    found = api.share(contentType="text", text="Structured concurrency is a gift")
    api.share(contentType="text", text="Sourdough starter feeding schedule")
    wall.reload()
    wall.keyboard.press("/")
    wall.keyboard.type("concurr")
    wall.keyboard.press("Enter")
    wall.wait_for_url(re.compile(r".*q=concurr.*"))
    marks = wall.locator(".wall mark")
    assert marks.first.inner_text().lower() == "concurr"
    assert "Sourdough" not in wall.locator(".wall").inner_text()
    assert wall.input_value("#search-input") == "concurr"

    # A result edited elsewhere is updated in place, still marked; nothing new slips in.
    api.request("PATCH", "/v1/items/" + found["id"], {"userNote": "edited while searching"})
    card(wall, found["id"]).locator(".card-note", has_text="edited while searching").wait_for()
    assert card(wall, found["id"]).locator("mark").count() >= 1
    other = api.share(contentType="text", text="Another concurrency note, shared later")
    api.request("PATCH", "/v1/items/" + found["id"], {"userNote": "edited again"})
    card(wall, found["id"]).locator(".card-note", has_text="edited again").wait_for()
    assert card(wall, other["id"]).count() == 0, "a search's results are not live"


def test_edit_note_tags_and_wall(wall, api, server):
    api.request("POST", "/v1/walls", {"name": "Later"})
    item = api.share(contentType="url", url="https://example.com/to-edit", title="To edit")
    wall.goto(server.base + "/items/" + item["id"])
    wall.fill("textarea[name=note]", "A better note")
    wall.fill("input[name=tags]", "one, two")
    wall.select_option("select[name=wall]", "later")
    wall.click("text=Save changes")
    wall.wait_for_url(re.compile(r".*notice=saved"))
    assert "Saved." in wall.locator(".notice").inner_text()
    status, edited = api.request("GET", "/v1/items/" + item["id"])
    assert edited["userNote"] == "A better note" and edited["tags"] == ["one", "two"]
    assert wall.locator("select[name=wall] option[selected]").inner_text() == "Later"


def test_delete_then_undo_then_delete(wall, api, server):
    item = api.share(contentType="url", url="https://example.com/delete-me", title="Delete me")
    wall.goto(server.base + "/items/" + item["id"])
    wall.click("form.delete button")
    wall.wait_for_url(re.compile(r".*/w/inbox$"))
    assert card(wall, item["id"]).is_hidden()
    wall.click(".toast button:has-text('Undo')")
    card(wall, item["id"]).wait_for(state="visible")
    assert wall.evaluate("sessionStorage.getItem('dwall-pending-deletes')") == "[]"
    assert api.request("GET", "/v1/items/" + item["id"])[0] == 200

    wall.goto(server.base + "/items/" + item["id"])
    wall.click("form.delete button")
    wall.wait_for_url(re.compile(r".*/w/inbox$"))
    card(wall, item["id"]).wait_for(state="detached", timeout=10000)
    assert api.request("GET", "/v1/items/" + item["id"])[0] == 404


def with_worker(wall):
    wall.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wall.reload()
    wall.wait_for_function("() => navigator.serviceWorker.controller !== null")


POST_SHARE = """([title, text, file]) => {
    const form = document.createElement('form');
    form.method = 'POST'; form.action = '%s/share-target'; form.enctype = 'multipart/form-data';
    for (const [name, value] of [['title', title], ['text', text], ['url', '']]) {
        const input = document.createElement('input'); input.type = 'hidden'; input.name = name; input.value = value; form.appendChild(input);
    }
    if (file) {
        const bytes = Uint8Array.from(atob(file), c => c.charCodeAt(0));
        const input = document.createElement('input'); input.type = 'file'; input.name = 'file';
        const transfer = new DataTransfer(); transfer.items.add(new File([bytes], 'whiteboard.png', { type: 'image/png' }));
        input.files = transfer.files; form.appendChild(input);
    }
    document.body.appendChild(form); form.submit();
}"""


def test_another_sites_share_target_post_is_not_saved_without_confirming(wall, api, server):
    """Another site's form posting to the share target, with the worker in charge: the worker passes
    it on and the server does not save it (the browser marks it cross-site, and SameSite keeps the
    session cookie off it): nothing is stored or queued."""
    with_worker(wall)
    other = wall.context.new_page()  # about:blank: an opaque origin, so cross-site to the wall
    other.evaluate(POST_SHARE % server.base, ["From another site", "Planted https://example.com/planted", None])
    other.wait_for_url(re.compile(r"http://127\.0\.0\.1.*"))
    other.wait_for_load_state()
    assert "notice=queued" not in other.url and "notice=saved" not in other.url, other.url
    until(wall, "DWQueue.all().then(a => a.length === 0)")
    assert not [i for i in api.items() if i.get("url") == "https://example.com/planted"], other.url


def test_a_share_target_post_from_a_page_asks_to_confirm(wall, api, server):
    """A POST to the share target without the page's token (any page could make it): the worker
    passes it on, and the server shows the share page to confirm; it is saved only then."""
    with_worker(wall)
    wall.evaluate(POST_SHARE % "", ["From a page", "Worth reading https://example.com/shared-sheet", None])
    wall.wait_for_url(re.compile(r".*/share-target$"))
    assert not [i for i in api.items() if i.get("url") == "https://example.com/shared-sheet"]
    until(wall, "DWQueue.all().then(a => a.length === 0)")
    wall.click("form[action='/share'] button[type=submit]")
    wall.wait_for_url(re.compile(r".*notice=saved"))
    shared = [i for i in api.items() if i.get("url") == "https://example.com/shared-sheet"]
    assert len(shared) == 1


def test_a_share_made_offline_waits_for_the_person_to_save_it(wall, api, server):
    """Offline, the worker keeps the share (files and all) but marks it unconfirmed: the wall
    shows it with Save and Discard and sends nothing until the person presses Save."""
    with_worker(wall)
    picture = base64.b64encode(png()).decode()
    wall.context.set_offline(True)
    wall.evaluate(POST_SHARE % "", ["Whiteboard from the share sheet", "", picture])
    wall.wait_for_url(re.compile(r".*notice=queued"))
    wall.context.set_offline(False)
    wall.goto(server.base + "/")  # back online, the person opens the wall
    entry = wall.locator(".card.is-queued", has_text="Whiteboard from the share sheet")
    entry.wait_for()
    assert "Save it?" in entry.inner_text()
    wall.evaluate("window.dispatchEvent(new Event('online'))")
    until(wall, "document.querySelector('[data-outbox-status]').textContent.indexOf('came in while offline') >= 0")
    # A share made after it goes out by the same queue, after it: once that is stored, the
    # unconfirmed one has been passed over, not sent.
    wall.fill("#share-content", "Sent after the offline share")
    wall.press("#share-content", "Control+Enter")
    wall.locator(".card:not(.is-queued)", has_text="Sent after the offline share").wait_for()
    until(wall, "DWQueue.all().then(a => a.length === 1)", timeout=20)
    assert wall.evaluate("DWQueue.all().then(a => a.length === 1 && a[0].unconfirmed === true)")
    assert not [i for i in api.items() if i.get("title") == "Whiteboard from the share sheet"]
    entry.locator("button", has_text="Save").dispatch_event("click")
    until(wall, "DWQueue.all().then(a => a.length === 0)", timeout=20)
    shared = [i for i in api.items() if i.get("title") == "Whiteboard from the share sheet"]
    assert len(shared) == 1, shared
    item = shared[0]
    assert item["kind"] == "image" and item["source"] == "web_share_target"
    assert item["file"]["name"] == "whiteboard.png" and item["file"]["contentType"] == "image/png"
    wait_for_thumbnail(wall, item["id"])


def test_share_target_post_without_the_worker_is_saved_by_the_server(server, browser, api):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    sign_in(page, server.base)
    response = context.request.post(server.base + "/share-target", multipart={
        "title": "Posted by the share sheet", "text": "", "url": "https://example.com/share-target-post"},
        headers={"Sec-Fetch-Site": "none"}, max_redirects=0)
    assert response.status == 303
    assert [i["title"] for i in api.items() if i.get("url") == "https://example.com/share-target-post"] == ["Posted by the share sheet"]
    context.close()


def png(width=96, height=64):
    """A small PNG, made here: a diagonal gradient, so a thumbnail of it has something to show."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + b"".join(bytes((x * 255 // width, y * 255 // height, 160)) for x in range(width))
                    for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def wait_for_thumbnail(page, item_id, timeout=20000):
    """Waits until the item's card shows its thumbnail, loaded from our own route."""
    image = card(page, item_id).locator(".card-media img")
    image.wait_for(timeout=timeout)
    assert image.get_attribute("src").startswith("/v1/items/%s/thumbnail" % item_id)
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle(), timeout=timeout)
    return image


def test_share_target_post_with_a_file_without_the_worker_is_saved_by_the_server(server, browser, api, signed_in):
    context = browser.new_context(service_workers="block", storage_state=signed_in)
    page = context.new_page()
    response = context.request.post(server.base + "/share-target", multipart={
        "title": "Receipt from the share sheet", "text": "", "url": "",
        "file": {"name": "receipt.png", "mimeType": "image/png", "buffer": png(40, 80)}},
        headers={"Sec-Fetch-Site": "none"}, max_redirects=0)
    assert response.status == 303, response.text()
    shared = [i for i in api.items() if i.get("title") == "Receipt from the share sheet"]
    assert len(shared) == 1 and shared[0]["kind"] == "image" and shared[0]["file"]["size"] == len(png(40, 80))
    page.goto(server.base + "/")
    wait_for_thumbnail(page, shared[0]["id"])

    refused = context.request.post(server.base + "/share-target", multipart={
        "title": "Not a picture", "file": {"name": "notes.jpg", "mimeType": "image/jpeg", "buffer": b"just some text\n"}},
        headers={"Sec-Fetch-Site": "none"}, max_redirects=0)
    assert refused.status == 415 and "text/plain" in refused.text()
    assert not [i for i in api.items() if i.get("title") == "Not a picture"]
    context.close()


def test_share_page_without_script_takes_files(server, browser, api, signed_in):
    context = browser.new_context(java_script_enabled=False, service_workers="block", storage_state=signed_in)
    page = context.new_page()
    page.goto(server.base + "/share?title=Scanned%20without%20script")
    page.set_input_files("input[name=file]", files=[{"name": "scan.png", "mimeType": "image/png", "buffer": png(30, 40)}])
    page.fill("textarea[name=note]", "from the plain share page")
    page.click("[data-share-page] button[type=submit]")
    page.wait_for_url(re.compile(r".*/w/inbox\?notice=saved$"))
    shared = [i for i in api.items() if i.get("title") == "Scanned without script"]
    assert len(shared) == 1, shared
    assert shared[0]["kind"] == "image" and shared[0]["source"] == "web" and shared[0]["userNote"] == "from the plain share page"
    assert shared[0]["file"]["name"] == "scan.png" and shared[0]["file"]["size"] == len(png(30, 40))
    assert card(page, shared[0]["id"]).count() == 1

    # The same form without a file saves the link, as before.
    page.goto(server.base + "/share?url=https://example.com/plain-share-page&title=Plain%20page")
    page.click("[data-share-page] button[type=submit]")
    page.wait_for_url(re.compile(r".*notice=saved$"))
    assert [i["kind"] for i in api.items() if i.get("url") == "https://example.com/plain-share-page"] == ["url"]

    # Without the page's CSRF field (or with a wrong one) the files are refused and nothing is kept.
    for extra in [{}, {"_csrf": "not-the-token"}]:
        refused = context.request.post(server.base + "/share", multipart=dict(extra, **{
            "title": "Forged with a file", "file": {"name": "forged.png", "mimeType": "image/png", "buffer": png(8, 8)}}),
            max_redirects=0)
        assert refused.status == 403, refused.status
    assert not [i for i in api.items() if i.get("title") == "Forged with a file"]
    context.close()


def test_offline_file_share_is_queued_with_its_file_and_sent_once(wall, api):
    wall.context.set_offline(True)
    wall.click("#share-content")
    wall.fill("#share-note", "picked while offline")
    screenshot(wall, "share-box-desktop.png")
    wall.set_input_files("[data-share-files]", files=[{"name": "offline.png", "mimeType": "image/png", "buffer": png(50, 50)}])
    wall.locator(".card.is-queued", has_text="offline.png").wait_for()
    assert wall.evaluate("DWQueue.all().then(a => a.length === 1 && a[0].files.length === 1 && a[0].files[0] instanceof Blob)")
    assert not [i for i in api.items() if i.get("userNote") == "picked while offline"]
    wall.evaluate("DWQueue.all().then(a => { window.__sent = a[0]; })")

    wall.context.set_offline(False)
    until(wall, "DWQueue.all().then(a => a.length === 0)")
    saved = [i for i in api.items() if i.get("userNote") == "picked while offline"]
    assert len(saved) == 1 and saved[0]["kind"] == "image" and saved[0]["source"] == "web"
    wait_for_thumbnail(wall, saved[0]["id"])
    assert wall.locator(".card.is-queued").count() == 0

    # Sent again with its id (a drain cut short after the server saved it): still saved once.
    wall.evaluate("DWQueue.add(window.__sent.body, window.__sent.files).then(() => window.dispatchEvent(new Event('online')))")
    until(wall, "DWQueue.all().then(a => a.length === 0)")
    assert len([i for i in api.items() if i.get("userNote") == "picked while offline"]) == 1

    # A file without a title of its own is named once, on the live card and the rendered one alike.
    live = card(wall, saved[0]["id"]).inner_text()
    assert live.count("offline.png") == 1, live
    wall.reload()
    wait_for_thumbnail(wall, saved[0]["id"])
    assert card(wall, saved[0]["id"]).inner_text() == live, "a live card and a rendered one are the same"


def test_offline_share_is_queued_and_sent_once_when_back(wall, api):
    wall.context.set_offline(True)
    wall.fill("#share-content", "Written on the train, offline")
    wall.click(".share-box button[type=submit]")
    wall.locator(".card.is-queued", has_text="Written on the train").wait_for()
    assert wall.evaluate("DWQueue.all().then(a => a.length)") == 1
    assert not [i for i in api.items() if i.get("text") == "Written on the train, offline"]
    body = wall.evaluate("DWQueue.all().then(a => a[0].body)")
    status = wall.locator("[data-outbox-status]")
    status.filter(has_text="1 share is saved on this device, waiting to be sent: it will go when you are back online.").wait_for()
    screenshot(wall, "wall-share-waiting.png")

    wall.context.set_offline(False)
    status.filter(has_text="Sent 1 share that was waiting.").wait_for()
    assert "waiting to be sent" not in status.inner_text()
    until(wall, "DWQueue.all().then(a => a.length === 0)")
    wall.locator(".card:not(.is-queued)", has_text="Written on the train").first.wait_for()
    assert wall.locator(".card.is-queued").count() == 0
    status.wait_for(state="hidden", timeout=15000)

    wall.evaluate("body => DWQueue.add(body).then(() => window.dispatchEvent(new Event('online')))", body)
    until(wall, "DWQueue.all().then(a => a.length === 0)")
    assert len([i for i in api.items() if i.get("text") == "Written on the train, offline"]) == 1, "sent twice, saved once"


def test_a_queued_share_the_server_refuses_is_kept_and_said(wall, api):
    # A share queued on this device that the server will refuse (a link that is not http(s)).
    refused_id = str(uuid.uuid4()).upper()
    wall.evaluate("""id => DWQueue.add({ id: id, timestamp: new Date().toISOString(), source: 'web', contentType: 'url',
        url: 'ftp://example.com/refused-share', userNote: 'refused while queued', tags: ['kept'] })""", refused_id)
    wall.reload()
    refused = wall.locator("#queued-" + refused_id + ".is-refused")
    refused.wait_for()
    assert "Not saved:" in refused.inner_text() and "kept on this device" in refused.inner_text()
    status = wall.locator("[data-outbox-status]")
    status.filter(has_text="1 share was refused by the server and not saved; its card says why.").wait_for()
    assert wall.evaluate("id => DWQueue.all().then(a => a.length === 1 && a[0].id === id && !!a[0].refused)", refused_id)
    assert not [i for i in api.items() if i.get("userNote") == "refused while queued"]
    screenshot(wall, "wall-share-refused.png")

    # Still there after a reload, not sent again; taken back into the share box, it leaves the queue.
    wall.reload()
    refused.wait_for()
    status.filter(has_text="refused by the server").wait_for()
    refused.locator("button", has_text="Edit in the share box").click()
    refused.wait_for(state="detached")
    assert wall.input_value("#share-content") == "ftp://example.com/refused-share"
    assert wall.input_value("#share-note") == "refused while queued"
    assert wall.input_value("#share-tags") == "kept"
    until(wall, "DWQueue.all().then(a => a.length === 0)")
    status.wait_for(state="hidden")


def test_hostile_titles_are_inert(wall, api):
    hostile = '<script>window.__pwned = 1</script> "><img src=x onerror="window.__pwned = 2">'
    item = api.share(contentType="url", url="https://example.com/hostile", title=hostile, userNote=hostile, tags=["<b>x</b>"])
    card(wall, item["id"]).wait_for()
    wall.reload()
    shown = card(wall, item["id"])
    assert hostile in shown.locator(".card-title").inner_text()
    assert wall.evaluate("window.__pwned") is None
    assert wall.locator(".wall img[src=x]").count() == 0
    assert wall.locator(".wall script").count() == 0
    wall.click("#item-%s .card-link" % item["id"])
    wall.wait_for_url(re.compile(r".*/items/.*"))
    assert hostile in wall.locator("h1").inner_text()
    assert wall.evaluate("window.__pwned") is None


def test_posts_without_the_csrf_token_are_refused(wall, api, server):
    item = api.share(contentType="url", url="https://example.com/csrf-target", title="Keep me")
    request = wall.context.request
    via_api = request.post(server.base + "/v1/share", data={"id": str(uuid.uuid4()), "contentType": "text", "text": "forged"})
    assert via_api.status == 401
    via_form = request.post(server.base + "/items/%s/delete" % item["id"], form={"x": "1"}, max_redirects=0)
    assert via_form.status == 403
    delete = request.delete(server.base + "/v1/items/" + item["id"])
    assert delete.status == 401

    # Another site's page auto-submitting a form at us: the Lax cookie is not sent with it.
    wall.route("http://evil.test/", lambda route: route.fulfill(content_type="text/html", body=(
        '<form id=f method=post action="%s/items/%s/delete"></form>'
        '<script>document.getElementById("f").submit()</script>') % (server.base, item["id"])))
    wall.goto("http://evil.test/")
    wall.wait_for_url(re.compile(re.escape(server.base) + ".*"))
    assert api.request("GET", "/v1/items/" + item["id"])[0] == 200
    assert not [i for i in api.items() if i.get("text") == "forged"]


def test_screenshots_at_phone_and_desktop_widths(server, browser, api):
    for title, url, note, tags in [
        ("The Web Share Target API", "https://developer.chrome.com/docs/capabilities/web-apis/web-share-target", "For the PWA", ["pwa", "web"]),
        ("Server-sent events", "https://html.spec.whatwg.org/multipage/server-sent-events.html", None, ["spec"]),
        ("How to make bread at home", "https://www.example.org/recipes/bread", "Try on Sunday", ["cooking"]),
    ]:
        api.share(contentType="url", url=url, title=title, userNote=note, tags=tags)
    api.share(contentType="text", text="“Simplicity is prerequisite for reliability.”\n— Edsger W. Dijkstra", tags=["quotes"])
    for name, options in [
        ("wall-desktop.png", {"viewport": {"width": 1440, "height": 1000}}),
        ("wall-phone.png", {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}),
    ]:
        context = browser.new_context(**options)
        page = context.new_page()
        sign_in(page, server.base)
        page.wait_for_selector(".wall .card")
        page.evaluate("document.fonts.ready")
        screenshot(page, name)
        if name == "wall-desktop.png":
            page.click(".wall .card .card-link")
            page.wait_for_url(re.compile(r".*/items/.*"))
            screenshot(page, "item-desktop.png")
            page.goto(server.base + "/settings")
            screenshot(page, "settings-desktop.png")
        context.close()
