"""The iOS Share Extension's Safari preprocessing script (Apps/iOS/ShareExtension/GetPage.js), run
in real Chromium the way Safari runs it: `ExtensionPreprocessingJS.run` on the shared page, its
`completionFunction` receiving the dictionary the extension reads. No server is needed; the
pages are served by Playwright's router at their https addresses, and nothing leaves the machine.

The article page's result must equal fixtures/getpage-article.json, the payload ShareKit's
PagePayloadTests reads (so the Swift test reads what the script really produces)."""
import json
import os

import pytest

HERE = os.path.dirname(__file__)
SCRIPT = open(os.path.join(HERE, "..", "..", "Apps", "iOS", "ShareExtension", "GetPage.js")).read()
ARTICLE_URL = "https://news.example.com/2026/11/24/tides?ref=share"
MAX_HTML_BYTES = 786432
MAX_TEXT_CHARACTERS = 100000

RUN = """() => new Promise(resolve => {
    ExtensionPreprocessingJS.run({ completionFunction: resolve });
})"""


@pytest.fixture
def page(browser):
    context = browser.new_context()
    pages = {}

    def serve(route):
        body = pages.get(route.request.url.split("#")[0])
        if body is None:
            route.fulfill(status=404, body="")
        else:
            route.fulfill(status=200, content_type="text/html; charset=utf-8", body=body)

    context.route("**/*", serve)
    page = context.new_page()
    page.pages = pages
    yield page
    context.close()


def run_script(page, url, html, select=None):
    page.pages[url] = html
    page.goto(url)
    if select:
        page.evaluate("""id => {
            const range = document.createRange();
            range.selectNodeContents(document.getElementById(id));
            getSelection().removeAllRanges();
            getSelection().addRange(range);
        }""", select)
    page.add_script_tag(content=SCRIPT)
    return page.evaluate(RUN)


def test_the_article_page_gives_the_recorded_payload(page):
    html = open(os.path.join(HERE, "fixtures", "getpage-article.html")).read()
    result = run_script(page, ARTICLE_URL, html, select="quote")
    expected = json.load(open(os.path.join(HERE, "fixtures", "getpage-article.json")))
    assert result == expected


def test_scripts_forms_handlers_and_navigation_stay_out_and_the_page_is_unchanged(page):
    html = open(os.path.join(HERE, "fixtures", "getpage-article.html")).read()
    result = run_script(page, ARTICLE_URL, html)
    assert "selection" not in result
    for absent in ("<script", "<form", "hunter2", "onclick", "Your account", "<nav", "<style"):
        assert absent not in result["html"], absent
    # The copy was cleaned, not the page the person is reading.
    assert page.evaluate("document.querySelectorAll('article script, article form').length") == 2


def test_without_an_article_the_body_is_sent(page):
    result = run_script(page, "https://example.org/plain", "<title>Plain</title><p>Only a paragraph.</p>")
    assert result["title"] == "Plain"
    assert result["html"] == "<body><p>Only a paragraph.</p></body>"
    assert "canonicalUrl" not in result


def test_a_page_too_large_for_the_html_limit_sends_its_text_cut_to_the_limit(page):
    paragraph = "<p>" + "é" * 999 + "</p>"
    html = "<title>Huge</title><body>" + paragraph * (MAX_HTML_BYTES // 1000 + 50) + "</body>"
    result = run_script(page, "https://example.org/huge", html)
    assert "html" not in result
    assert len(result["text"]) == MAX_TEXT_CHARACTERS
    assert set(result["text"]) <= {"é", " "}


def test_a_canonical_link_that_is_not_a_web_address_is_left_out(page):
    html = '<title>T</title><link rel="canonical" href="javascript:alert(1)"><p>x</p>'
    result = run_script(page, "https://example.org/t", html)
    assert "canonicalUrl" not in result
