"""The wall switcher's counts stay true while the page is open (issue 39: "Inbox 0" beside three
cards shared from the box, until a reload): after shares from the page's own box, a delete and a
move to another wall, on the page that made the change and on another open page of the same
wall, which hears of it through the live event stream."""
import uuid

from conftest import screenshot


def open_wall(browser, server, signed_in, slug):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, storage_state=signed_in)
    page = context.new_page()
    problems = []
    page.on("pageerror", lambda error: problems.append("script error: %s" % error))
    page.goto(server.base + "/w/" + slug)
    page.wait_for_selector("[data-live]:not([hidden])")
    return context, page, problems


def count(page, slug):
    return int(page.locator('.walls a[href="/w/%s"] .count' % slug).inner_text())


def wait_for_count(page, slug, expected):
    page.wait_for_function("([slug, n]) => { const c = document.querySelector('.walls a[href=\"/w/' + slug + '\"] .count');"
                           " return c && c.textContent.trim() === String(n); }", arg=[slug, expected], timeout=10000)


def test_the_switcher_counts_follow_shares_deletes_and_moves_on_every_open_page(server, browser, signed_in, api):
    status, counted = api.request("POST", "/v1/walls", {"name": "Counted %s" % uuid.uuid4().hex[:6]})
    assert status == 201, counted
    slug = counted["slug"]
    here, page, problems = open_wall(browser, server, signed_in, slug)
    there, other, other_problems = open_wall(browser, server, signed_in, slug)
    inbox = count(page, "inbox")
    assert count(page, slug) == 0 and count(other, slug) == 0

    for n in range(3):
        page.fill("#share-content", "Counted share %d %s" % (n, uuid.uuid4()))
        page.click(".share-box button[type=submit]")
        page.locator(".wall .card:not(.is-queued)").nth(n).wait_for()
    wait_for_count(page, slug, 3)
    wait_for_count(other, slug, 3)
    assert count(page, "inbox") == inbox

    items = api.items("wall=" + slug)
    assert len(items) == 3
    status, _ = api.request("DELETE", "/v1/items/" + items[0]["id"])
    assert status in (200, 204)
    wait_for_count(page, slug, 2)
    wait_for_count(other, slug, 2)

    status, moved = api.request("PATCH", "/v1/items/" + items[1]["id"], {"wall": "inbox"})
    assert status == 200, moved
    for p in (page, other):
        wait_for_count(p, slug, 1)
        wait_for_count(p, "inbox", inbox + 1)
    screenshot(page, "live-counts.png")
    here.close()
    there.close()
    assert not problems and not other_problems, problems + other_problems
