"""The wall for a keyboard (and screen-reader) user, in real Chromium against the real `dwall
serve`: a card updated or removed live keeps the focus on the wall, and the Undo after a delete
is the first stop after the skip link and waits while it holds the focus."""
import re
import uuid

from playwright.sync_api import expect


def card(page, item_id):
    return page.locator("#item-" + item_id)


def test_a_card_updated_live_keeps_the_focus_and_a_removed_one_passes_it_on(wall, api):
    older = api.share(contentType="url", url="https://example.com/older-%s" % uuid.uuid4(), title="Older card")
    # On the wall before the next share, so that the next card lands right above it (two cards
    # arriving together are placed as their fragments come back, in either order).
    card(wall, older["id"]).wait_for()
    item = api.share(contentType="url", url="https://example.com/focus-%s" % uuid.uuid4(), title="Focus stays here")
    card(wall, item["id"]).wait_for()
    assert wall.evaluate("id => document.getElementById('item-' + id).nextElementSibling.id", item["id"]) == "item-" + older["id"]
    card(wall, item["id"]).locator(".card-link").focus()

    api.request("PATCH", "/v1/items/" + item["id"], {"title": "Focus stays here, renamed"})
    card(wall, item["id"]).locator(".card-link", has_text="renamed").wait_for()
    assert wall.evaluate("""id => document.getElementById('item-' + id).contains(document.activeElement)
        && document.activeElement.classList.contains('card-link')""", item["id"]), "the new card's link holds the focus"

    api.request("DELETE", "/v1/items/" + item["id"])
    card(wall, item["id"]).wait_for(state="detached")
    assert wall.evaluate("id => document.getElementById('item-' + id).contains(document.activeElement)", older["id"]), \
        "the focus moved to the next card, not back to the top of the page"


def test_the_undo_is_reached_by_keyboard_and_waits_while_it_has_the_focus(wall, api, server):
    item = api.share(contentType="url", url="https://example.com/undo-%s" % uuid.uuid4(), title="Undo by keyboard")
    wall.goto(server.base + "/items/" + item["id"])
    wall.click("form.delete button")
    wall.wait_for_url(re.compile(r".*/w/inbox$"))
    wall.keyboard.press("Tab")  # the skip link
    wall.keyboard.press("Tab")
    assert wall.evaluate("document.activeElement.textContent") == "Undo"
    # Past the 5 s the delete waits for: while its Undo has the focus, it waits on.
    wall.wait_for_timeout(6500)
    assert api.request("GET", "/v1/items/" + item["id"])[0] == 200
    wall.keyboard.press("Enter")
    card(wall, item["id"]).wait_for(state="visible")
    assert wall.evaluate("sessionStorage.getItem('dwall-pending-deletes')") == "[]"

    # Focus elsewhere, the delete goes on and ends.
    wall.goto(server.base + "/items/" + item["id"])
    wall.click("form.delete button")
    wall.wait_for_url(re.compile(r".*/w/inbox$"))
    wall.keyboard.press("Tab")
    wall.keyboard.press("Tab")
    wall.keyboard.press("Tab")  # past the Undo, on to the page
    card(wall, item["id"]).wait_for(state="detached", timeout=15000)
    assert api.request("GET", "/v1/items/" + item["id"])[0] == 404


def test_a_card_arriving_live_is_announced_to_screen_readers(wall, api):
    item = api.share(contentType="url", url="https://example.com/announced-%s" % uuid.uuid4(), title="Announced card")
    card(wall, item["id"]).wait_for()
    announcer = wall.locator("[data-announcer]")
    assert announcer.get_attribute("role") == "status" and announcer.get_attribute("aria-live") == "polite"
    expect(announcer).to_have_text("New card on this wall: Announced card")

    # Several at once are announced as a count, not one by one (here within 5 s of each other,
    # so that a loaded machine's gaps between them do not split the count).
    wall.evaluate("window.DW.announceDelay = 5000")
    many = [api.share(contentType="url", url="https://example.com/burst-%s" % uuid.uuid4(), title="Burst") for _ in range(3)]
    for shared in many:
        card(wall, shared["id"]).wait_for()
    expect(announcer).to_have_text("3 new cards on this wall.", timeout=20000)


def test_one_key_shortcuts_can_be_turned_off_in_settings(wall, server):
    wall.keyboard.press("/")
    assert wall.evaluate("document.activeElement.id") == "search-input", "on by default"
    wall.keyboard.press("Escape")

    wall.goto(server.base + "/settings")
    setting = wall.locator("[data-shortcuts-setting]")
    assert setting.is_checked()
    setting.uncheck()
    wall.goto(server.base + "/")
    wall.wait_for_selector("[data-live]:not([hidden])")
    assert wall.locator(".search .hint").is_hidden(), "the / hint is not shown while they are off"
    for key in ["/", "n", "j"]:
        wall.keyboard.press(key)
        assert wall.evaluate("document.activeElement === document.body"), "%s did nothing" % key

    wall.goto(server.base + "/settings")
    assert not setting.is_checked(), "kept for this browser"
    setting.check()
    wall.goto(server.base + "/")
    wall.wait_for_selector("[data-live]:not([hidden])")
    wall.keyboard.press("/")
    assert wall.evaluate("document.activeElement.id") == "search-input", "on again"


def test_a_share_made_on_the_page_is_not_announced_as_news(wall, api):
    # Both arrive within one announcement: the page's own share (its "Saved." says it) is left out.
    wall.evaluate("window.DW.announceDelay = 5000")
    mine = "https://example.com/mine-%s" % uuid.uuid4()
    wall.fill("#share-content", mine)
    wall.fill("#share-note", "shared on this page")
    wall.click(".share-box button[type=submit]")
    other = api.share(contentType="url", url="https://example.com/other-%s" % uuid.uuid4(), title="Someone else's card")
    card(wall, other["id"]).wait_for()
    wall.locator(".card:not(.is-queued)", has_text="shared on this page").wait_for()
    expect(wall.locator("[data-announcer]")).to_have_text("New card on this wall: Someone else's card", timeout=15000)
