"""The README's pictures: a wall with a few real cards (pictures with their thumbnails, links
saved with the page as the browser showed it, a passage, notes and tags), on a server of this
module's own, photographed at a desktop's width (1280) and a phone's (390), in light and dark.

They are written to artifacts/; with DWALL_UPDATE_SCREENSHOTS=1 they are also copied, as small
palette PNGs, to docs/images/, which the README shows (commit them after looking at them)."""
import io
import json
import os
import time
import uuid

import pytest
from PIL import Image, ImageDraw

from conftest import ARTIFACTS, API, CHROMIUM, ROOT, USERNAME, Server

IMAGES = os.path.join(ROOT, "docs", "images")
SHOTS = [("desktop", 1280, 800), ("phone", 390, 844)]
SCHEMES = ["light", "dark"]


def picture(width, height, top, bottom, sun):
    """A made-up landscape: a sky fading from `top` to `bottom`, a sun, and two hills."""
    image = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(image)
    for y in range(height):
        t = y / height
        draw.line([(0, y), (width, y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)))
    draw.ellipse([width * 0.62, height * 0.18, width * 0.8, height * 0.18 + width * 0.18], fill=sun)
    draw.polygon([(0, height), (0, height * 0.7), (width * 0.35, height * 0.55), (width * 0.75, height * 0.78), (width, height * 0.68),
                  (width, height)], fill=(46, 82, 70))
    draw.polygon([(0, height), (0, height * 0.86), (width * 0.5, height * 0.72), (width, height * 0.9), (width, height)], fill=(28, 56, 48))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def page_snapshot(title, description, words):
    return {"title": title, "capturedBy": "extension", "html": (
        "<!doctype html><html><head><title>%s</title><meta name=description content=\"%s\"></head>"
        "<body><article><h1>%s</h1><p>%s</p></article></body></html>" % (title, description, title, words))}


@pytest.fixture(scope="module")
def shot_server(playwright_instance):
    server = Server()  # of its own: the shared one holds every other test's cards
    server.start()
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
    page = browser.new_page()
    server.set_up_first_account(page)
    state = page.context.storage_state()
    browser.close()
    api = API(server.base, server.admin("token", "create", "--user", USERNAME, "--label", "screenshots"))
    yield server, api, state
    server.stop()


def share_picture(server, api, title, png, tags):
    """A picture shared as the phone shares one (multipart, with its file)."""
    import urllib.request
    boundary = "dwall" + uuid.uuid4().hex
    metadata = json.dumps({"id": str(uuid.uuid4()).upper(), "contentType": "image", "title": title, "tags": tags,
                           "source": "ios_share_extension"})
    body = ("--%s\r\nContent-Disposition: form-data; name=\"metadata\"\r\nContent-Type: application/json\r\n\r\n%s\r\n"
            "--%s\r\nContent-Disposition: form-data; name=\"file\"; filename=\"%s.png\"\r\nContent-Type: image/png\r\n\r\n"
            % (boundary, metadata, boundary, title.lower().replace(" ", "-"))).encode() + png + ("\r\n--%s--\r\n" % boundary).encode()
    request = urllib.request.Request(server.base + "/v1/share", data=body, method="POST", headers={
        "Authorization": "Bearer " + api.token, "Content-Type": "multipart/form-data; boundary=" + boundary})
    with urllib.request.urlopen(request, timeout=20) as response:
        assert response.status in (200, 201)
        return json.loads(response.read())["item"]


def fill_the_wall(server, api):
    """Six cards a person might have saved in a week, oldest first (the wall shows newest first)."""
    items = []
    items.append(api.share(contentType="url", url="https://example.org/articles/tide-pools",
                           page=page_snapshot("What lives in a tide pool", "Anemones, hermit crabs and the six hours between tides.",
                                              "When the water leaves, the pool becomes a world of its own."),
                           userNote="For the trip in June", tags=["sea", "reading"]))
    items.append(share_picture(server, api, "Evening over the ridge", picture(900, 600, (250, 170, 120), (120, 90, 160), (255, 226, 160)),
                               ["photos"]))
    items.append(api.share(contentType="text", text="The best time to plant a tree was twenty years ago. The second best time is now.",
                           userNote="Heard at the garden centre", tags=["quotes"]))
    items.append(api.share(contentType="url", url="https://example.com/recipes/sourdough",
                           page=page_snapshot("A sourdough loaf, step by step", "Flour, water, salt and three days of patience.",
                                              "Feed the starter the night before."),
                           tags=["cooking"]))
    items.append(share_picture(server, api, "Morning at the lake", picture(700, 900, (120, 180, 230), (230, 240, 250), (255, 250, 220)),
                               ["photos", "summer"]))
    items.append(api.share(contentType="url", url="https://example.net/guides/bike-repair", title="Fix a flat in ten minutes",
                           userNote="Keep a spare tube in the bag", tags=["bike"]))
    return items


def settled(api, items, timeout=60):
    """Waits until the server has finished with every card: snapshots read, thumbnails made."""
    deadline = time.monotonic() + timeout
    wanted = {i["id"] for i in items}
    while True:
        now = {i["id"]: i for i in api.items() if i["id"] in wanted}
        done = [i for i in now.values() if i["state"] != "pending" and (i["kind"] != "image" or i["file"].get("thumbnail"))]
        if len(done) == len(wanted):
            return
        assert time.monotonic() < deadline, "not settled after %d s: %r" % (timeout, now)
        time.sleep(0.1)


def ready(page, items):
    """Waits until every card is on the wall, each picture's thumbnail loaded and drawn."""
    for item in items:
        page.locator("#item-" + item["id"]).wait_for()
    for item in items:
        if item["kind"] == "image":
            image = page.locator("#item-%s .card-media img" % item["id"])
            image.wait_for(timeout=30000)
            page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle(), timeout=30000)


def test_the_readme_screenshots_show_a_wall_at_two_widths_in_light_and_dark(shot_server, browser):
    server, api, state = shot_server
    items = fill_the_wall(server, api)
    settled(api, items)
    os.makedirs(ARTIFACTS, exist_ok=True)
    written = []
    for name, width, height in SHOTS:
        for scheme in SCHEMES:
            context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme, storage_state=state)
            page = context.new_page()
            page.goto(server.base + "/")
            ready(page, items)
            page.wait_for_function("() => document.fonts.ready.then(() => true)")
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "no sideways scrolling"
            path = os.path.join(ARTIFACTS, "readme-wall-%s-%s.png" % (name, scheme))
            page.mouse.move(0, height - 1)
            page.screenshot(path=path, animations="disabled", caret="hide")
            with Image.open(path) as shot:
                assert shot.size == (width, height)
                paper = shot.convert("RGB").getpixel((2, height - 2))
                assert (sum(paper) / 3 > 128) == (scheme == "light"), (scheme, paper)
            written.append(path)
            context.close()
    if os.environ.get("DWALL_UPDATE_SCREENSHOTS") == "1":
        os.makedirs(IMAGES, exist_ok=True)
        for path in written:
            with Image.open(path) as shot:
                shot.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(
                    os.path.join(IMAGES, os.path.basename(path)), optimize=True)
