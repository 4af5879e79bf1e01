"""Printer profiles and the duplex calibration sheet: the pure transform, profiles read from
XDG_CONFIG_HOME, and backs pages that move as a profile says."""

from __future__ import annotations

import subprocess

import pytest
from PIL import Image
from pypdf import PdfReader

from conftest import ROOT, assert_page_size, ppgen, tool
from generator.load import printers
from generator.parts import calibrate
from generator.units import MM, PAPERS

BENCH = ROOT / "bench" / "bench-deck"
W, H = PAPERS["letter"]


@pytest.fixture
def config(tmp_path, monkeypatch):
    """A private XDG_CONFIG_HOME (the ppgen the tests run inherits it); returns printers.toml."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    path = tmp_path / "config" / "ppgen" / "printers.toml"
    path.parent.mkdir(parents=True)
    return path


# -- the transform, as arithmetic -------------------------------------------------------------

def test_long_edge_offset_moves_the_back_against_what_was_read():
    """Read +2 mm right, +1 mm up from the front: seen from the back (x mirrored) the
    printer put it 2 mm left... so the back is drawn 2 mm right and 1 mm down of true."""
    m = printers.back_transform(printers.Profile("p", 2 * MM, 1 * MM), W, H)
    assert printers.apply(m, W / 2, H / 2) == pytest.approx((W / 2 + 2 * MM, H / 2 - 1 * MM))
    assert printers.apply(m, 0, 0) == pytest.approx((2 * MM, -1 * MM))


def test_short_edge_turns_the_backs_page_half_round():
    m = printers.back_transform(printers.Profile("p", 2 * MM, 1 * MM, flip="short"), W, H)
    assert printers.apply(m, W / 2, H / 2) == pytest.approx((W / 2 - 2 * MM, H / 2 + 1 * MM))
    assert printers.apply(m, 0, 0) == pytest.approx((W - 2 * MM, H + 1 * MM))


def test_scale_shrinks_the_back_about_the_page_centre():
    m = printers.back_transform(printers.Profile("p", scale_x=1.01, scale_y=0.99), W, H)
    x, y = printers.apply(m, W / 2 + 100, H / 2 + 100)
    assert (x - W / 2, y - H / 2) == pytest.approx((100 / 1.01, 100 / 0.99))


def test_profiles_read_from_xdg_config_home(config):
    config.write_text('[laser]\noffset_x = "1.5mm"\noffset_y = -0.5\nscale_x = 1.002\nflip = "short"\n')
    assert printers.profiles_path() == config
    (laser,) = printers.load(config).values()
    assert (laser.name, laser.flip, laser.scale_x, laser.scale_y) == ("laser", "short", 1.002, 1.0)
    assert (laser.offset_x, laser.offset_y) == pytest.approx((1.5 * MM, -0.5 * MM))  # bare numbers are mm


# -- the command -----------------------------------------------------------------------------

def _left_edge(pdf, page, tmp_path, name) -> int:
    """The first column (72 dpi: points) with ink on a page's middle row."""
    subprocess.run([tool("pdftoppm"), "-r", "72", "-png", "-singlefile", "-f", str(page), "-l", str(page),
                    pdf, tmp_path / name], check=True)
    image = Image.open(tmp_path / f"{name}.png").convert("L")
    row = [image.getpixel((x, image.height // 2)) for x in range(image.width)]
    return next(x for x, value in enumerate(row) if value < 200)


def test_printer_profile_shifts_the_backs_pages_only(config, tmp_path):
    config.write_text('[skewed]\noffset_x = "6mm"\n')
    plain = ppgen("build", BENCH, "--only", "cards", "--paper", "letter", "--out", tmp_path / "plain")
    fixed = ppgen("build", BENCH, "--only", "cards", "--paper", "letter", "--out", tmp_path / "fixed",
                  "--printer", "skewed")
    assert plain.code == 0 and fixed.code == 0, plain.text + fixed.text
    a, b = (tmp_path / run / "bench-deck" / "cards-letter.pdf" for run in ("plain", "fixed"))
    assert _left_edge(a, 1, tmp_path, "a1") == _left_edge(b, 1, tmp_path, "b1")  # fronts stay
    shift = _left_edge(b, 2, tmp_path, "b2") - _left_edge(a, 2, tmp_path, "a2")
    assert shift == pytest.approx(6 * MM, abs=1.5)


def test_unknown_printer_is_a_usage_error_listing_the_known_ones(config, tmp_path):
    config.write_text('[laser]\nflip = "long"\n[inkjet]\nscale_y = 1.001\n')
    run = ppgen("build", BENCH, "--only", "cards", "--printer", "lazer", "--out", tmp_path)
    assert run.code == 2
    assert "unknown printer 'lazer'" in run.err and "inkjet, laser" in run.err
    assert not (tmp_path / "bench-deck").exists()


def test_a_wrong_profile_value_names_its_line(config, tmp_path):
    config.write_text('[laser]\nflip = "long"\nscale_x = 2\n')
    run = ppgen("build", BENCH, "--only", "cards", "--printer", "laser", "--out", tmp_path)
    assert run.code == 1
    assert f"{config}:3: error: [laser] scale_x must be a number between 0.9 and 1.1" in run.err
    assert not (tmp_path / "bench-deck").exists()


def test_offsets_that_are_not_lengths_name_their_lines(config, tmp_path):
    """A boolean, a list, a table, a date, digits Python takes and a designer does not mean:
    each an error at its line, all in one run, nothing built."""
    config.write_text('[a]\noffset_x = true\n[b]\noffset_y = [1, 2]\n[c]\noffset_x = { mm = 1 }\n'
                      '[d]\noffset_y = 1979-05-27\n[e]\noffset_x = "1_5mm"\n[f]\noffset_y = "\u0661mm"\n'
                      '[g]\nscale_x = true\n', encoding="utf-8")
    run = ppgen("build", BENCH, "--only", "cards", "--printer", "a", "--out", tmp_path)
    assert run.code == 1 and "internal error" not in run.text, run.text
    for line, shown in ((2, "offset_x must be a length such as \"1.5mm\" or a number of mm, got true"),
                        (4, "got [1, 2]"), (6, "got {mm = 1}"), (8, "got 1979-05-27"), (10, "got '1_5mm'"),
                        (12, "got '\u0661mm'"), (14, "scale_x must be a number between 0.9 and 1.1, got true")):
        assert any(r.startswith(f"{config}:{line}: error: ") and shown in r for r in run.err.splitlines()), run.err
    assert not (tmp_path / "bench-deck").exists()


@pytest.mark.parametrize("value", ["nan", "-inf", "99999999999999999999"])
def test_an_offset_of_nan_never_reaches_the_pdf(config, tmp_path, value):
    """NaN once went through as `nan` drawing operators that PDF readers reject."""
    config.write_text(f'[laser]\nflip = "long"\noffset_x = {value}\n')
    run = ppgen("build", BENCH, "--only", "cards", "--printer", "laser", "--out", tmp_path)
    assert run.code == 1 and f"{config}:3: error: offset_x " in run.err, run.text
    assert not (tmp_path / "bench-deck").exists()


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_calibration_sheet_rulers_front_crosses_back(tmp_path, paper):
    out = tmp_path / "cal.pdf"
    run = ppgen("calibrate", "--paper", paper, "--out", out)
    assert run.code == 0, run.text
    reader = PdfReader(out)
    assert len(reader.pages) == 2
    for page in reader.pages:
        assert_page_size(page, PAPERS[paper])
    text = reader.pages[0].extract_text()
    across, _ = calibrate.spans(paper)
    assert "offset_x" in text and "scale_x = 1 + (right - left) / " + f"{across:.0f}" in text
    subprocess.run([tool("pdftoppm"), "-r", "72", "-png", out, tmp_path / "c"], check=True)
    front, back = (Image.open(p).convert("L") for p in sorted(tmp_path.glob("c-*.png")))
    page_h = PAPERS[paper][1]
    for x, y, _ in calibrate.targets(paper).values():
        # a cross on the back at every target, a ruler's zero tick on the front
        for image in (back, front):
            near = [image.getpixel((round(x) + dx, round(page_h - y) + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
            assert min(near) < 200, (image is back, x, y)
