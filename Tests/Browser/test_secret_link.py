"""A wall's secret link in real Chromium against the real `dwall serve`: a signed-out browser
opens it and sees the wall's cards (read-only, no share box, nothing asked of the API), and
after the owner revokes it the same address answers 404."""
import uuid

from axe_playwright_python.sync_playwright import Axe

from conftest import screenshot


def test_a_signed_out_browser_sees_the_wall_through_its_link_until_it_is_revoked(server, browser, api):
    slug = "trip-" + uuid.uuid4().hex[:8]
    status, wall = api.request("POST", "/v1/walls", {"name": "Trip <to> the sea", "slug": slug})
    assert status == 201, wall
    museum = api.share(contentType="url", url="https://example.com/museum", title="Museum hours", wall=slug,
                       userNote="Closed on Mondays")
    maps = api.share(contentType="text", text="Bring the maps & the snacks", wall=slug, tags=["packing"])
    elsewhere = api.share(contentType="text", text="Only on the inbox")
    status, link = api.request("POST", "/v1/walls/%s/links" % wall["id"], {})
    assert status == 201, link
    assert link["url"].startswith(server.base + "/w/dl_")

    context = browser.new_context()  # no cookies: signed out
    try:
        page = context.new_page()
        asked = []
        page.on("request", lambda request: asked.append(request.url))
        response = page.goto(link["url"])
        assert response.status == 200
        assert response.headers.get("x-robots-tag") == "noindex"
        assert page.locator("h1").inner_text() == "Trip <to> the sea"
        page.locator("#item-" + museum["id"]).wait_for()
        assert page.locator("#item-%s .card-title" % museum["id"]).inner_text() == "Museum hours"
        assert "Closed on Mondays" in page.locator("#item-" + museum["id"]).inner_text()
        assert "Bring the maps & the snacks" in page.locator("#item-" + maps["id"]).inner_text()
        assert page.locator("#item-" + elsewhere["id"]).count() == 0
        assert page.locator(".card").count() == 2
        assert page.locator("[data-share-box], form, textarea, button").count() == 0
        assert page.locator('meta[name="robots"]').get_attribute("content") == "noindex"
        page.wait_for_function("() => document.querySelector('.wall').classList.contains('is-masonry')")
        assert not [url for url in asked if "/v1/" in url or "/fragments/" in url], asked
        screenshot(page, "secret-link.png")

        page.click("text=#packing")
        page.wait_for_url("**?tag=packing")
        assert page.locator(".card").count() == 1

        status, _ = api.request("DELETE", "/v1/walls/%s/links/%s" % (wall["id"], link["id"]))
        assert status == 204
        response = page.goto(link["url"])
        assert response.status == 404
        assert "This link doesn't work" in page.content()
        assert page.locator(".card").count() == 0
        assert page.goto(link["url"] + "/feed.atom").status == 404
    finally:
        context.close()


def test_a_browser_with_the_wall_installed_does_not_keep_a_revoked_links_page(server, wall, api):
    # The wall's service worker keeps copies of wall pages (/w/…); a secret link's page must not be one.
    wall.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=15000)
    api.share(contentType="text", text="Seen through the owner's own browser")
    status, link = api.request("POST", "/v1/walls/inbox/links", {})
    assert status == 201, link
    for _ in range(2):
        response = wall.goto(link["url"])
        assert response.status == 200
        assert "Seen through the owner's own browser" in wall.content()

    status, _ = api.request("DELETE", "/v1/walls/inbox/links/%s" % link["id"])
    assert status == 204

    response = wall.goto(link["url"])
    assert response.status == 404
    assert "Seen through the owner's own browser" not in wall.content()


def test_axe_finds_nothing_serious_on_a_secret_links_page_in_light_and_dark(server, browser, api):
    api.share(contentType="url", url="https://example.com/axe-link-%s" % uuid.uuid4(), title="Checked by axe",
              userNote="A note", tags=["axe"])
    status, link = api.request("POST", "/v1/walls/inbox/links", {})
    assert status == 201, link
    axe = Axe()
    problems = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(color_scheme=scheme)
        page = context.new_page()
        page.goto(link["url"])
        results = axe.run(page)
        problems[scheme] = [(v["id"], v["impact"]) for v in results.response["violations"]
                            if v["impact"] in ("serious", "critical")]
        context.close()
    assert problems == {"light": [], "dark": []}
