"""An empty wall's first-run panel (issue 39): connect your phone with a QR code of the address
the page was served from (drawn by the page's own encoder, qr.js, and read back here by
zxing-cpp), install the extension, import bookmarks; gone as soon as something is saved, without
a reload, and not shown on a wall that has items."""
import io
import uuid

import zxingcpp
from PIL import Image

from conftest import screenshot


def decode(png):
    """The texts of the QR codes zxing-cpp finds in a screenshot, with their error correction level."""
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)).convert("L"), formats=zxingcpp.BarcodeFormat.QRCode)
    return [(result.text, result.ec_level) for result in found]


def empty_wall(api):
    status, wall = api.request("POST", "/v1/walls", {"name": "First run %s" % uuid.uuid4().hex[:6]})
    assert status == 201, wall
    return wall


def open_page(browser, server, signed_in, path, **options):
    context = browser.new_context(storage_state=signed_in, **options)
    page = context.new_page()
    problems = []
    page.on("pageerror", lambda error: problems.append("script error: %s" % error))
    page.goto(server.base + path)
    return context, page, problems


def test_an_empty_wall_shows_the_first_run_panel_with_a_qr_code_of_its_address(server, browser, signed_in, api):
    wall = empty_wall(api)
    context, page, problems = open_page(browser, server, signed_in, "/w/" + wall["slug"], viewport={"width": 1280, "height": 900})
    panel = page.locator("[data-first-run]")
    panel.wait_for()
    page.wait_for_selector("[data-first-run] [data-qr] svg")
    address = server.base + "/"
    assert panel.locator("[data-server-address]").inner_text() == address
    assert decode(panel.locator("[data-qr] svg").screenshot()) == [(address, "M")]
    assert panel.locator("[data-loopback-hint]").is_visible(), "a loopback address is said to be one"
    screenshot(page, "first-run-panel.png")

    # Each way in is one click away, and leads somewhere that is there.
    panel.get_by_role("link", name="Install the extension").click()
    page.wait_for_url("**/settings#extension")
    assert page.locator("#extension").is_visible()
    assert page.get_by_role("link", name="Download the extension").is_visible()
    page.go_back()
    page.locator("[data-first-run]").get_by_role("link", name="Import bookmarks").click()
    page.wait_for_url("**/settings#import-heading")
    assert page.locator("[data-import-form]").is_visible()
    context.close()
    assert not problems, problems


def test_the_panel_goes_once_something_is_saved_and_is_not_on_a_wall_with_items(server, browser, signed_in, api):
    wall = empty_wall(api)
    context, page, problems = open_page(browser, server, signed_in, "/w/" + wall["slug"])
    page.wait_for_selector("[data-live]:not([hidden])")
    page.wait_for_selector("[data-first-run] [data-qr] svg")
    page.evaluate("window.__notReloaded = true")
    item = api.share(contentType="text", text="The first thing saved", wall=wall["slug"])
    page.locator("#item-" + item["id"]).wait_for()
    page.locator("[data-first-run]").wait_for(state="detached")
    assert page.evaluate("window.__notReloaded === true"), "the panel went without a reload"

    page.reload()
    page.locator("#item-" + item["id"]).wait_for()
    assert page.locator("[data-first-run]").count() == 0
    # A search that finds nothing says so, without the panel.
    page.goto(server.base + "/w/%s?q=%s" % (wall["slug"], uuid.uuid4().hex))
    assert page.locator("[data-first-run]").count() == 0 and page.locator("[data-empty]").is_visible()
    context.close()
    assert not problems, problems


def test_the_encoder_makes_codes_a_reader_reads_back_for_addresses_up_to_200_bytes(server, browser, signed_in, api):
    """Addresses of every length from a short one to 200 bytes (versions 2 to 10, so blocks of
    two lengths, several alignment patterns and the version information all occur), each drawn
    by qr.js in the page and read back from a screenshot."""
    wall = empty_wall(api)
    context, page, problems = open_page(browser, server, signed_in, "/w/" + wall["slug"], viewport={"width": 900, "height": 900})
    page.wait_for_selector("[data-first-run] [data-qr] svg")
    versions = set()
    for length in list(range(20, 201, 9)) + [200]:
        address = ("https://wall.example.net:8443/" + "ünïcode-path/" * 20)[:length]
        address = address.encode()[:length].decode(errors="ignore")
        version = page.evaluate("""text => {
            const old = document.getElementById("qr-check"); if (old) old.remove();
            const box = document.createElement("div"); box.id = "qr-check";
            const code = DWQR.svg(text); code.setAttribute("width", "600"); code.setAttribute("height", "600");
            box.appendChild(code); document.body.prepend(box);
            return DWQR.encode(text).version;
        }""", address)
        versions.add(version)
        assert decode(page.locator("#qr-check svg").screenshot()) == [(address, "M")], (length, version)
    assert min(versions) <= 3 and max(versions) >= 10, versions
    context.close()
    assert not problems, problems


def test_axe_finds_nothing_serious_on_the_first_run_panel_in_light_and_dark(server, browser, signed_in, api):
    from test_first_sight import serious
    wall = empty_wall(api)
    found = {}
    for scheme in ("light", "dark"):
        context, page, problems = open_page(browser, server, signed_in, "/w/" + wall["slug"], color_scheme=scheme,
                                            reduced_motion="reduce")
        page.wait_for_selector("[data-first-run] [data-qr] svg")
        found[scheme] = serious(page)
        screenshot(page, "first-run-panel-%s.png" % scheme)
        context.close()
        assert not problems, problems
    assert found == {"light": [], "dark": []}, found
