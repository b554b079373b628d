"""The search language in the web wall, in real Chromium against the real `dwall serve`: the box
offers operators and completes `tag:` from the person's own tags as one types, the search in
force shows as chips that each remove their clause, and a search the language can't read says
why instead of showing a wall that looks empty."""
import re
import urllib.parse
import uuid

from playwright.sync_api import expect


def card(page, item_id):
    return page.locator("#item-" + item_id)


def suggestions(page):
    return page.locator("#search-suggestions [role=option]")


def test_the_box_offers_operators_and_completes_tags_as_one_types(wall, api):
    tag = "taxes" + uuid.uuid4().hex[:6]
    api.share(contentType="text", text="Invoice total due", tags=[tag])
    wall.reload()
    box = wall.locator("#search-input")
    box.click()
    box.type("ta")
    expect(suggestions(wall)).to_have_text(["tag:"])
    expect(box).to_have_attribute("aria-expanded", "true")
    wall.keyboard.press("ArrowDown")
    expect(suggestions(wall).first).to_have_attribute("aria-selected", "true")
    wall.keyboard.press("Enter")
    expect(box).to_have_value("tag:")

    box.type(tag[:7])
    expect(suggestions(wall)).to_have_text(["tag:" + tag], timeout=5000)
    wall.keyboard.press("Tab")
    expect(box).to_have_value("tag:%s " % tag)

    box.type("-kind:l")
    expect(suggestions(wall)).to_have_text(["-kind:link"])
    wall.keyboard.press("Escape")
    expect(suggestions(wall)).to_have_count(0)
    expect(box).to_have_attribute("aria-expanded", "false")
    assert box.input_value() == "tag:%s -kind:l" % tag, "Escape keeps what was typed"


def test_the_search_in_force_shows_as_chips_that_each_remove_their_clause(wall, api, server):
    tag = "bills" + uuid.uuid4().hex[:6]
    word = "zq" + uuid.uuid4().hex[:8]
    bill = api.share(contentType="text", text="Electricity %s" % word, tags=[tag])
    link = api.share(contentType="url", url="https://example.com/%s" % word, title="Provider %s" % word, tags=[tag])
    other = api.share(contentType="text", text="Gas %s, untagged" % word)

    box = wall.locator("#search-input")
    box.fill("%s tag:%s -kind:link" % (word, tag))
    box.press("Enter")
    wall.wait_for_url(re.compile(r".*q=.*"))
    card(wall, bill["id"]).wait_for()
    assert card(wall, link["id"]).count() == 0 and card(wall, other["id"]).count() == 0
    chips = wall.locator("[data-filters] [data-chip]")
    expect(chips).to_have_count(3)
    expect(chips.nth(1)).to_contain_text("tag:" + tag)
    expect(chips.nth(2)).to_contain_text("-kind:link")

    chips.nth(1).click()
    wall.wait_for_url(lambda url: "tag%3A" not in url and "tag:" not in urllib.parse.unquote(url))
    for item in (bill, other):
        card(wall, item["id"]).wait_for()
    assert card(wall, link["id"]).count() == 0, "-kind:link is still in force"
    expect(wall.locator("#search-input")).to_have_value("%s -kind:link" % word)
    expect(wall.locator("[data-filters] [data-chip]")).to_have_count(2)

    wall.locator("[data-filters] [data-chip]", has_text="-kind:link").click()
    card(wall, link["id"]).wait_for()
    expect(wall.locator("[data-filters] [data-chip]")).to_have_count(1)


def test_a_search_it_cannot_read_says_why_and_keeps_the_text(wall, api, server):
    api.share(contentType="text", text="Something on the wall")
    wall.goto(server.base + "/?q=" + urllib.parse.quote("colour:red banana"))
    expect(wall.locator(".notice[role=status]").first).to_contain_text("is not a search operator")
    expect(wall.locator("#search-input")).to_have_value("colour:red banana")
    assert wall.locator(".wall .card").count() == 0
    assert wall.locator("[data-first-run]").count() == 0, "not the empty wall's welcome"
