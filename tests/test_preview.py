"""`ppgen watch GAME --preview`: the gallery served on 127.0.0.1 and kept up to date in an open
page (Debian's Chromium driven by Playwright): a CSV cell edited shows as a new image without
a reload, a broken save shows its problems with file and line over the last good images, and
the bleed, trim and safe-zone guides toggle over the cards."""

from __future__ import annotations

import http.client
import re
import shutil
import signal
import time

import pytest

from conftest import ROOT, ppgen, replace_in, tool
from test_watch import TIMEOUT, _until, start_watch

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
C3 = 'section#cards-coins figure.card img[src^="gallery/cards/coins/c3-front.png"]'


@pytest.fixture
def preview(tmp_path, request):
    """(url, lines seen, the game folder, the output folder) of a running `watch --preview`
    (of a game broken from the start where a test asks for it with the parameter "broken")."""
    game = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    if getattr(request, "param", None) == "broken":
        replace_in(game / "cards.csv", "c3,Heads,#D4A017", "c3,Heads,#D4A01")
    out = tmp_path / "out"
    process, lines = start_watch(game, out, tmp_path / "cache", "--preview", "--no-open")
    seen: list[str] = []
    try:
        url = re.search(r"http://127\.0\.0\.1:\d+/", _until(lines, "preview: ", seen))[0]
        _until(lines, "build failed" if getattr(request, "param", None) == "broken" else "built in", seen)
        yield url, lines, seen, game, out / "coin-flip"
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=TIMEOUT)


def test_a_csv_edit_shows_in_the_open_page(preview):
    url, lines, seen, game, folder = preview
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=tool("chromium"), args=CHROMIUM_ARGS)
        page = browser.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url)
        page.wait_for_selector("#ppgen-live")
        page.wait_for_function("() => [...document.images].every(image => image.complete && image.naturalWidth)")
        before = page.locator(C3).get_attribute("src")
        old = (folder / "gallery/cards/coins/c3-front.png").read_bytes()
        page.evaluate("window.notReloaded = true")

        replace_in(game / "cards.csv", "c3,Heads", "c3,Crown")
        _until(lines, "built in", seen)
        page.wait_for_function(f"() => document.querySelector('{C3}').getAttribute('src').includes('?v=')",
                               timeout=TIMEOUT * 1000)
        assert page.locator(C3).get_attribute("src") != before
        page.wait_for_function(f"() => document.querySelector('{C3}').complete")
        assert (folder / "gallery/cards/coins/c3-front.png").read_bytes() != old
        page.wait_for_function("() => document.querySelector('section#cards-coins').textContent.includes('Crown')")
        assert page.evaluate("window.notReloaded")  # updated in place, not reloaded

        replace_in(game / "cards.csv", "c3,Crown,#D4A017", "c3,Crown,#D4A01")  # not a colour
        _until(lines, "build failed", seen)
        problems = page.locator("#ppgen-problems")
        problems.wait_for(state="visible", timeout=TIMEOUT * 1000)
        assert re.search(r"cards\.csv:4: error: card c3:", problems.inner_text()), problems.inner_text()
        shown = page.locator(C3).get_attribute("src")
        assert "?v=" in shown  # the last good image stays

        replace_in(game / "cards.csv", "#D4A01\n", "#D4A017\n")
        _until(lines, "built in", seen)
        problems.wait_for(state="hidden", timeout=TIMEOUT * 1000)

        guides = page.locator("section#cards-coins .ppgen-guide.safe")
        assert guides.count() >= 6 and not guides.first.is_visible()
        page.check("#ppgen-safe")
        assert guides.first.is_visible()
        box, card = guides.first.bounding_box(), page.locator(C3).first.bounding_box()
        assert box["width"] < page.locator("section#cards-coins figure.card img").first.bounding_box()["width"]
        assert card["width"] > 0
        page.check("#ppgen-bleed")
        assert page.locator("section#cards-coins .ppgen-guide.bleed").first.is_visible()
        assert errors == []
        browser.close()


@pytest.mark.parametrize("preview", ["broken"], indirect=True)
def test_a_game_broken_from_the_start_shows_its_problems_then_its_gallery(preview):
    url, lines, seen, game, folder = preview
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=tool("chromium"), args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(url)
        problems = page.locator("#ppgen-problems")
        problems.wait_for(state="visible", timeout=TIMEOUT * 1000)
        assert "cards.csv:4: error: card c3:" in problems.inner_text()
        replace_in(game / "cards.csv", "#D4A01\n", "#D4A017\n")
        page.wait_for_selector(C3, timeout=TIMEOUT * 1000)  # the gallery, loaded in its place
        assert not problems.is_visible()
        browser.close()


def test_the_preview_serves_only_the_build(preview):
    url, lines, seen, game, folder = preview
    port = int(url.rsplit(":", 1)[1].strip("/"))

    def get(path: str, host: str = f"127.0.0.1:{port}") -> int:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
        connection.request("GET", path, headers={"Host": host})
        status = connection.getresponse().status
        connection.close()
        return status

    deadline = time.monotonic() + TIMEOUT
    while get("/manifest.json") != 200 and time.monotonic() < deadline:  # "built in" comes just before
        time.sleep(0.05)
    assert get("/") == 200 and get("/manifest.json") == 200
    assert get("/../../../etc/passwd") == 404
    assert get("/gallery/%2e%2e/%2e%2e/%2e%2e/etc/passwd") == 404
    assert get("/coin-flip/game.toml") == 404
    assert get("/", host="attacker.example") == 403  # DNS rebinding


def test_preview_options_need_preview(tmp_path):
    run = ppgen("watch", ROOT / "examples" / "coin-flip", "--out", tmp_path, "--port", "8000")
    assert run.code == 2 and "--port" in run.err and "--preview" in run.err, run.text
    run = ppgen("watch", ROOT / "examples" / "coin-flip", "--out", tmp_path, "--preview", "--only", "cards")
    assert run.code == 2 and "--preview" in run.err and "gallery" in run.err, run.text
