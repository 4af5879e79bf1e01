"""The gallery: index.html opened in a real headless Chromium (Debian's, driven by
Playwright), as a designer opens it: no console errors, every card and page shown, every
image loaded, every link to a file that exists, card data on hover."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from conftest import ROOT, build_game, tool

sync_api = pytest.importorskip("playwright.sync_api")

# Chromium as root, with no network: no sandbox, and none of the background fetches.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def browser():
    executable = tool("chromium")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def open_gallery(browser, index: Path):
    """The page, loaded with every image decoded, and the console errors it raised."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("requestfailed", lambda request: errors.append(f"failed: {request.url}"))
    page.goto(index.as_uri())
    page.wait_for_load_state("load")
    page.wait_for_function("() => [...document.images].every(image => image.complete)", timeout=30_000)
    return page, errors


def test_squib_squares_gallery_in_a_browser(built, browser, tmp_path):
    folder, artifacts = built("squib-squares")
    assert artifacts["index.html"]["kind"] == "gallery"
    page, errors = open_gallery(browser, folder / "index.html")
    assert errors == []
    assert page.title() == "Squib Squares: print-and-play files"
    # Every card front and the one shared back.
    assert page.locator("#cards-squibs figure.card").count() == 54 + 1
    captions = page.locator("#cards-squibs figcaption").all_inner_texts()
    assert captions[:3] == ["S01", "S02", "S03"] and captions[-1] == "Back"
    # Every page of the Letter cut sheets, the booklet and the handout, as thumbnails.
    for pdf in ("cards-letter.pdf", "rules-booklet.pdf", "handout-letter.pdf", "reference-cards-letter.pdf"):
        assert page.locator(f'figure.page a[href^="{pdf}#page="]').count() == artifacts[pdf]["pages"], pdf
    broken = page.evaluate("() => [...document.images].filter(i => !(i.naturalWidth > 0)).map(i => i.src)")
    assert broken == []
    # Every link opens a file of the build, and every file of the build has a link.
    hrefs = page.evaluate("() => [...document.querySelectorAll('a[href]')].map(a => a.href)")
    linked = set()
    for href in hrefs:
        url = urlparse(href)
        if url.scheme == "file":
            path = Path(unquote(url.path))
            assert path.is_file(), href
            linked.add(path.relative_to(folder.resolve()).as_posix())
    listed = {path for path, entry in artifacts.items() if entry["kind"] != "gallery"}
    assert listed <= linked, sorted(listed - linked)[:5]
    # Hovering a card shows its data.
    card = page.locator("#cards-squibs figure.card").nth(0)
    assert not card.locator("dl.data").is_visible()
    card.hover()
    data = card.locator("dl.data")
    assert data.is_visible()
    fields = json.loads(json.dumps(data.inner_text()))
    assert "left_color" in fields and "green" in fields
    page.screenshot(path=tmp_path / "gallery.png")
    assert (tmp_path / "gallery.png").stat().st_size > 10_000


def test_gallery_of_a_partial_build_shows_what_the_folder_holds(browser, tmp_path):
    """--only keeps the other parts, and the gallery shows them too."""
    folder, _ = build_game(tmp_path, ROOT / "examples/coin-flip", "--only", "cards,png", "--paper", "a4")
    folder, artifacts = build_game(tmp_path, ROOT / "examples/coin-flip", "--only", "rules,gallery")
    assert "cards-a4.pdf" in artifacts and "index.html" in artifacts
    page, errors = open_gallery(browser, folder / "index.html")
    assert errors == []
    assert page.locator('figure.page a[href^="cards-a4.pdf#page="]').count() == artifacts["cards-a4.pdf"]["pages"]
    assert page.locator('figure.page a[href^="rules-booklet.pdf#page="]').count() > 0
    # The card thumbnails link to the print-shop images that the earlier build made.
    first = page.locator("figure.card a").first.get_attribute("href")
    assert first.startswith("png/") and (folder / first).is_file()
