"""Print shops: the DriveThruCards deck PDF and the CMYK PDF/X, read as their receivers would
(a shop's upload check, an offset printer's preflight)."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from conftest import build_game, ppgen, tool
from generator.parts import pdfx

BLEED = 9.0  # 1/8 in, points
GAME = "squib-squares"
RGB_OPERATORS = {b"rg", b"RG"}  # the operators that paint in DeviceRGB


@pytest.fixture(scope="module")
def shop_builds(tmp_path_factory):
    """{shop: (folder, artifacts)}: the png part built once for each PDF shop."""
    tool("gs")
    return {shop: build_game(tmp_path_factory.mktemp(shop), GAME, "--only", "png", "--print-shop", shop)
            for shop in ("dtc", "offset")}


def _deck(shop_builds, shop):
    folder, artifacts = shop_builds[shop]
    entries = [a for a in artifacts.values() if a["kind"] == "shop-pdf"]
    assert len(entries) == 1 and entries[0]["shop"] == shop, artifacts
    assert not [a for a in artifacts.values() if a["kind"] == "card-png"]  # a PDF instead of images
    return folder / entries[0]["path"], entries[0]


def _cards() -> int:
    run = ppgen("list")
    line = next(line for line in run.out.splitlines() if line.startswith(GAME))
    return int(line.rsplit("(", 1)[1].rstrip(")"))


def test_dtc_one_card_a_page_front_then_back(shop_builds):
    path, entry = _deck(shop_builds, "dtc")
    assert path.name == "shop-dtc-squibs.pdf"
    reader = PdfReader(path)
    assert len(reader.pages) == entry["pages"] == 2 * _cards()
    texts = [page.extract_text() for page in reader.pages]
    backs, fronts = texts[1::2], texts[0::2]
    assert len(set(backs)) == 1 and "Squib Squares" in backs[0]  # the shared back after each front
    assert backs[0] not in fronts and len(set(fronts)) > 1
    for page in reader.pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert sorted((width, height)) == pytest.approx(sorted((3.5 * 72 + 2 * BLEED, 2.5 * 72 + 2 * BLEED)))
        trim = [float(v) for v in page.trimbox]
        assert trim == pytest.approx([BLEED, BLEED, width - BLEED, height - BLEED])
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, width, height])


def test_dtc_is_vector_with_fonts_embedded(shop_builds):
    path, _ = _deck(shop_builds, "dtc")
    reader = PdfReader(path)
    assert not any("/Image" in str(x.get_object().get("/Subtype")) for page in reader.pages
                   for x in (page["/Resources"].get("/XObject") or {}).values())
    _fonts_embedded(reader)


def _fonts_embedded(reader: PdfReader) -> None:
    fonts = {}
    for page in reader.pages:
        for name, font in _walk_fonts(page["/Resources"]):
            fonts[font.get("/BaseFont")] = font
    assert fonts
    for base, font in fonts.items():
        descriptor = font.get("/FontDescriptor") or font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor.get_object()), base


def _walk_fonts(resources):
    resources = resources.get_object() if resources else {}
    for name, font in (resources.get("/Font") or {}).items():
        yield name, font.get_object()
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Form":
            yield from _walk_fonts(xobject.get("/Resources"))


def test_offset_pdfx_output_intent(shop_builds):
    path, entry = _deck(shop_builds, "offset")
    assert path.name == "shop-offset-squibs.pdf"
    reader = PdfReader(path)
    assert len(reader.pages) == entry["pages"] == 2 * _cards()
    assert reader.metadata["/GTS_PDFXVersion"].startswith("PDF/X-3")
    assert reader.metadata["/Title"]  # PDF/X requires one
    intents = reader.trailer["/Root"]["/OutputIntents"]
    assert len(intents) == 1
    intent = intents[0].get_object()
    assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"]
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 4
    data = profile.get_data()
    assert data[36:40] == b"acsp" and data[16:20] == b"CMYK"  # an ICC profile for CMYK


def _colour_spaces(resources, seen):
    """Every colour space a page's resources name, forms and images included."""
    resources = resources.get_object() if resources else {}
    for space in (resources.get("/ColorSpace") or {}).values():
        seen.append(space.get_object())
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if "/ColorSpace" in xobject:
            seen.append(xobject["/ColorSpace"].get_object())
        if xobject.get("/Subtype") == "/Form":
            _colour_spaces(xobject.get("/Resources"), seen)
            _operators(xobject, seen)


def _operators(stream, seen):
    for operands, operator in ContentStream(stream, None).operations:
        assert operator not in RGB_OPERATORS, f"DeviceRGB paint: {operands} {operator}"
        if operator in (b"cs", b"CS"):
            seen.append(operands[0])


def _is_cmyk(space) -> bool:
    if space in ("/DeviceCMYK", "/DeviceGray", "/Pattern"):  # Gray prints on K alone
        return True
    if isinstance(space, list) and space[0] == "/ICCBased":
        return space[1].get_object()["/N"] == 4
    return False


def test_offset_every_colour_is_cmyk(shop_builds):
    path, _ = _deck(shop_builds, "offset")
    reader = PdfReader(path)
    assert b"DeviceRGB" not in path.read_bytes()
    for page in reader.pages:
        seen = []
        _colour_spaces(page["/Resources"], seen)
        _operators(page.get_contents(), seen)
        resources = page["/Resources"].get_object()
        named = {k: v.get_object() for k, v in (resources.get("/ColorSpace") or {}).items()}
        for space in seen:
            assert _is_cmyk(named.get(space, space)), space
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        # Ghostscript must not turn the landscape card upright (AutoRotatePages off).
        assert (width, height) == pytest.approx((3.5 * 72 + 2 * BLEED, 2.5 * 72 + 2 * BLEED))
        assert not page.get("/Rotate")
        assert [float(v) for v in page.trimbox] == pytest.approx([BLEED, BLEED, width - BLEED, height - BLEED])
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, width, height])
    _fonts_embedded(reader)


def test_offset_same_input_same_bytes(shop_builds, tmp_path):
    path, _ = _deck(shop_builds, "offset")
    again, _ = build_game(tmp_path, GAME, "--only", "png", "--print-shop", "offset")
    assert (again / path.name).read_bytes() == path.read_bytes()
    assert sorted(p.name for p in again.iterdir()) == [".ppgen-inputs.json", "manifest.json", path.name]  # no leftovers


def test_offset_without_ghostscript_names_the_package(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    run = ppgen("build", GAME, "--only", "png", "--print-shop", "offset", "--out", tmp_path / "out")
    assert run.code == 1, run.text
    assert "gs: error:" in run.err and "apt-get install ghostscript" in run.err
    assert "nothing written" in run.out
    # (a game with editions leaves its empty OUT/ID/, where the editions' folders go)
    assert not [p for p in (tmp_path / "out").rglob("*") if not p.is_dir()]


def test_unknown_print_shop_is_a_usage_error(tmp_path):
    run = ppgen("build", GAME, "--print-shop", "dtcc", "--out", tmp_path)
    assert run.code == 2 and "dtc" in run.err
    assert not (tmp_path / GAME).exists()


def test_dtc_one_pdf_for_each_deck_of_a_game(tmp_path):
    folder, artifacts = build_game(tmp_path, "druids-duel", "--edition", "en", "--only", "png", "--print-shop", "dtc")
    pages = {a["component"]: a["pages"] for a in artifacts.values() if a["kind"] == "shop-pdf"}
    assert pages == {"deck": 2 * 54, "markers": 2 * 4}  # every card front and back
    assert len(PdfReader(folder / "shop-dtc-markers.pdf").pages) == 8


@pytest.mark.parametrize("clock_id", [b"[<76F52CF9BCFD165BA20CA206EFB02762><76F52CF9BCFD165BA20CA206EFB02762>]",
                                      b"[(\x01\\)(x)\\\\)(y(z)\x7f)]", b"[(abc)<00FF>]"])
def test_the_clock_id_ghostscript_writes_is_replaced_in_either_string_form(clock_id, tmp_path):
    """Ghostscript writes the /ID strings in hex or, when shorter, as literal strings: both
    become the digest of the file, so the same input gives the same bytes (this once failed
    one run in many, when the clock's bytes made a literal string shorter)."""
    path = tmp_path / "x.pdf"
    trailer = b"%PDF-1.3\nxref\ntrailer\n<< /Size 4 /Root 1 0 R /ID " + clock_id + b"\n>>\nstartxref\n9\n%%EOF\n"
    path.write_bytes(trailer)
    pdfx.fix_id(path)
    fixed = path.read_bytes()
    path.write_bytes(trailer.replace(clock_id, b"[<00><01>]"))
    pdfx.fix_id(path)
    assert path.read_bytes() == fixed and re.search(rb"/ID \[<([0-9A-F]{32})><\1>\]\n>>", fixed), fixed
