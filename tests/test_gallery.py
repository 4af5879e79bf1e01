"""The gallery: index.html opened in a real headless Chromium (Debian's, driven by
Playwright), as a designer opens it: no console errors, every card and page shown, every
image loaded, every link to a file that exists, card data on hover."""

from __future__ import annotations

import json
import re
import shutil
import sys
import unicodedata
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from conftest import ROOT, build_game, tool
from generator import invisible

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
            if path.parent.parent == folder.resolve().parent and path.name == "index.html":
                continue  # the edition selector: another edition's gallery beside this one
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


# Bidi controls (overrides, embeddings, isolates, marks), the BOM: what must never reach the page raw.
HIDDEN = re.compile("[\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\x00-\x08\x0b-\x1f\x7f]")


def test_bidi_overrides_in_card_data_are_shown_not_obeyed(browser, tmp_path):
    """A card id abc<U+202E>gnp.exe read `abcexe.png` in the page; now every invisible
    character of user text shows as <U+202E>, in text and in title=/alt= alike. (Right-to-left
    letters themselves are refused until ppgen can print them: tests/corpus_editions.py.)"""
    game = tmp_path / "bidi"
    shutil.copytree(ROOT / "examples/coin-flip", game)
    cards = (game / "cards.csv").read_text(encoding="utf-8").splitlines()
    rows = [cards[0] + ",note,copies"] + [f"{row},,1" for row in cards[1:]]
    rows[4] = rows[4].replace("c4,Tails,#8C8C8C,,1", "abc\u202egnp.exe,Tails,#8C8C8C,\u202eevil\u2066x\u200f,1")
    rows[6] = rows[6].replace("c6,Lost,#2F4F4F,,1", "c6,Lost,#2F4F4F,\ufeffnote,2")
    (game / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    folder, _ = build_game(tmp_path / "out", game, "--only", "png,tts,gallery")
    page, errors = open_gallery(browser, folder / "index.html")
    assert errors == []
    attributes = page.evaluate("() => [...document.querySelectorAll('*')].flatMap("
                               "e => [...e.attributes].map(a => a.value))")
    texts = page.evaluate("() => [document.title, document.documentElement.textContent]")
    assert not [value for value in attributes + texts if HIDDEN.search(value)]
    figure = page.locator("#cards-coins figure.card").nth(3)
    assert figure.locator("figcaption").inner_text() == "abc<U+202E>gnp.exe"
    assert figure.locator("figcaption bdi").count() == 1
    assert figure.locator("img").get_attribute("alt") == "abc<U+202E>gnp.exe"
    assert "note: <U+202E>evil<U+2066>x<U+200F>" in figure.get_attribute("title")
    figure.hover()
    assert "<U+202E>evil" in figure.locator("dl.data").inner_text()


def test_every_invisible_character_is_shown_and_json_escaped():
    """invisible.py looks in planes 0, 1 and 14: check that it finds every character of its
    kinds that this Python's Unicode knows, and leaves visible text (tab, newline too) alone."""
    hidden = "".join(chr(code) for code in range(sys.maxunicode + 1)
                     if unicodedata.category(chr(code)) in invisible.KINDS and chr(code) not in invisible.KEPT)
    assert "\u202e" in hidden and "\ufeff" in hidden and "\U000e0001" in hidden and "\t" not in hidden
    assert invisible.shown(hidden).count("<U+") == len(hidden)
    assert invisible.shown("a\u202eb") == "a<U+202E>b"
    # (lone surrogates, which no UTF-8 file holds, would pair up when read back: left out)
    unpaired = "".join(ch for ch in hidden if unicodedata.category(ch) != "Cs")
    escaped = invisible.json_escaped(json.dumps({"text": unpaired}, ensure_ascii=False))
    assert escaped.isascii() and json.loads(escaped) == {"text": unpaired}
    visible = "Tab\there,\nnewline, é × — \u00a0 \u05e9\u05dc\u05d5\u05dd \U0001f3b2"
    assert invisible.shown(visible) == visible and invisible.json_escaped(visible) == visible
