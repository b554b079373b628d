"""Two people on one wall, in two browsers: the owner shares a wall from Settings, each adds a
card and sees the other's appear live with who added it, a viewer gets no share box, and
taking someone off the wall shuts them out at once."""
import subprocess
import uuid

from playwright.sync_api import expect

from conftest import BINARY, USERNAME

BOB, BOB_PASSWORD = "bob", "bob's long password"


def make_bob(server):
    created = subprocess.run([BINARY, "user", "create", BOB, "--password-stdin", "--data", server.data],
                             input=BOB_PASSWORD + "\n", capture_output=True, text=True, env=server.env)
    assert created.returncode == 0 or "taken" in created.stderr, created.stderr


def open_as_bob(browser, base):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(base + "/signin")
    page.fill("input[name=username]", BOB)
    page.fill("input[name=password]", BOB_PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(base + "/")
    return context, page


def share_in_box(page, text):
    page.fill("#share-content", text)
    page.click(".share-box button[type=submit]")


def settings_row(page, wall_name):
    return page.locator(".wall-rows li", has=page.locator("input[name=name][value='%s']" % wall_name))


def test_two_people_share_a_wall_live(server, browser, signed_in):
    make_bob(server)
    name = "Trip %s" % uuid.uuid4().hex[:6]
    alice_context = browser.new_context(viewport={"width": 1280, "height": 900}, storage_state=signed_in)
    alice = alice_context.new_page()
    alice.goto(server.base + "/settings")
    alice.fill("input[name=name][placeholder='Reading list']", name)
    with alice.expect_navigation():
        alice.click("text=Add wall")
    row = settings_row(alice, name)
    row.locator("summary").click()
    row.locator("input[name=username]").fill(BOB)
    row.locator("select[name=role]").last.select_option("contributor")
    with alice.expect_navigation():
        row.locator("button", has_text="Share").click()
    assert "Shared with 1 person" in settings_row(alice, name).locator("summary").inner_text()

    bob_context, bob = open_as_bob(browser, server.base)
    bob.goto(server.base + "/settings")
    shared = bob.locator("section[aria-labelledby=shared-heading] li", has_text=name)
    assert "by %s" % USERNAME in shared.inner_text()
    shared.locator("a").click()
    bob.wait_for_selector("[data-live]:not([hidden])")
    wall_path = bob.url.replace(server.base, "")

    alice.goto(server.base + "/settings")
    alice.locator("nav.walls a", has_text=name).click()
    alice.wait_for_selector("[data-live]:not([hidden])")

    share_in_box(bob, "Bob's hostel https://example.com/hostel-%s" % uuid.uuid4().hex[:6])
    seen_by_alice = alice.locator(".card", has_text="Bob's hostel")
    seen_by_alice.wait_for()
    assert "Added by bob" in seen_by_alice.inner_text()

    share_in_box(alice, "Alice's museum hours")
    bob.locator(".card", has_text="Alice's museum hours").wait_for()
    assert "Added by" not in bob.locator(".card", has_text="Alice's museum hours").inner_text()

    # As a viewer Bob sees the wall but gets no share box.
    alice.goto(server.base + "/settings")
    settings_row(alice, name).locator("summary").click()
    member = settings_row(alice, name).locator(".member-rows li", has_text=BOB)
    member.locator("select[name=role]").select_option("viewer")
    with alice.expect_navigation():
        member.locator("button", has_text="Change").click()
    assert settings_row(alice, name).locator(".member-rows select[name=role]").input_value() == "viewer"
    # The service worker may show its copy first; the copy's frame is stale, so the page reloads.
    bob.goto(server.base + wall_path)
    bob.locator("text=is shared with you to view").wait_for()
    bob.locator(".card", has_text="Alice's museum hours").wait_for()
    assert bob.locator("[data-share-box]").count() == 0
    bob.locator(".card", has_text="Alice's museum hours").locator("a.card-link").click()
    bob.locator("text=your role there doesn't let you change it").wait_for()
    assert bob.locator("form.edit").count() == 0

    # Taken off the wall, Bob is shut out at once.
    alice.goto(server.base + "/settings")
    settings_row(alice, name).locator("summary").click()
    member = settings_row(alice, name).locator(".member-rows li", has_text=BOB)
    with alice.expect_navigation():
        member.locator("button", has_text="Remove").click()
    assert "Not shared" in settings_row(alice, name).locator("summary").inner_text()
    bob.goto(server.base + wall_path)
    bob.locator("h1", has_text="Not found").wait_for()
    assert bob.locator(".card", has_text="Alice's museum hours").count() == 0
    bob.goto(server.base + "/")
    # A copy of the wall from before may show first; its stale frame reloads it.
    expect(bob.locator("nav.walls a", has_text=name)).to_have_count(0)

    alice_context.close()
    bob_context.close()
