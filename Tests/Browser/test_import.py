"""The settings page's import: a bookmark file uploaded from the browser, read by the server,
sent in batches with the count shown as each batch is stored, and the same file again adding
nothing."""
import os
import tempfile

from conftest import screenshot


def bookmark_file(count):
    lines = ['<!DOCTYPE NETSCAPE-Bookmark-file-1>', '<TITLE>Bookmarks</TITLE>', '<H1>Bookmarks</H1>', '<DL><p>',
             '    <DT><H3 ADD_DATE="1500000000">Reading</H3>', '    <DL><p>']
    for i in range(count):
        lines.append('        <DT><A HREF="https://import-%d.example/page" ADD_DATE="%d">Imported page %d</A>'
                     % (i, 1_400_000_000 + i, i))
    lines.append('        <DT><A HREF="javascript:alert(1)">A bookmarklet</A>')
    lines += ['    </DL><p>', '</DL><p>']
    path = os.path.join(tempfile.mkdtemp(prefix="dwall-import-"), "bookmarks.html")
    with open(path, "w") as f:
        f.write("\n".join(lines))
    return path


def test_settings_import_uploads_a_file_and_shows_its_progress(server, browser, signed_in, api):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, storage_state=signed_in)
    page = context.new_page()
    problems = []
    page.on("pageerror", lambda error: problems.append("script error: %s" % error))
    seen = []
    page.on("request", lambda request: seen.append(request.url) if "/v1/import" in request.url else None)
    page.goto(server.base + "/settings")
    path = bookmark_file(1200)  # three batches of 500
    page.set_input_files("[data-import-file]", path)
    page.select_option("select[name=folders]", "walls")
    page.uncheck("input[name=enrich]")
    page.click("[data-import-form] button[type=submit]")
    status = page.locator("[data-import-status]")
    status.filter(has_text="Done:").wait_for(timeout=60_000)
    assert status.inner_text().startswith("Done: imported 1200, 0 already there, 1 skipped"), status.inner_text()
    assert page.locator("[data-import-progress]").evaluate("p => p.value === p.max && p.max === 1200")
    assert "javascript" in page.locator("[data-import-skipped]").inner_text()
    assert sum(1 for url in seen if url.endswith("/v1/import")) == 3, seen
    screenshot(page, "settings-import.png")

    imported = api.items("wall=reading")
    assert len(imported) == 200 and all(i["source"] == "import" for i in imported)
    assert imported[0]["title"] == "Imported page 1199", imported[0]

    # The same file again: nothing new.
    page.click("[data-import-form] button[type=submit]")
    status.filter(has_text="Done: imported 0").wait_for(timeout=60_000)
    assert "1200 already there" in status.inner_text(), status.inner_text()
    context.close()
    assert not problems, problems


def test_settings_import_refuses_a_file_it_cannot_read(server, browser, signed_in):
    context = browser.new_context(storage_state=signed_in)
    page = context.new_page()
    page.goto(server.base + "/settings")
    path = os.path.join(tempfile.mkdtemp(prefix="dwall-import-"), "notes.bin")
    with open(path, "wb") as f:
        f.write(b"\x00\x01 not a bookmark file at all")
    page.set_input_files("[data-import-file]", path)
    page.click("[data-import-form] button[type=submit]")
    status = page.locator("[data-import-status]")
    status.filter(has_not_text="Reading").wait_for(timeout=30_000)
    assert "Done" not in status.inner_text() and status.inner_text(), status.inner_text()
    assert page.locator("[data-import-form] button[type=submit]").is_enabled()
    context.close()
