"""parts/pdfpages.py: while `ppgen watch` runs, a page dictionary described alike is not
formatted again, and the PDF is the same bytes as one formatted whole."""

from __future__ import annotations

from collections import OrderedDict

import pytest
from reportlab.pdfbase import pdfdoc

from generator.parts import pdfpages
from generator.parts.pdfdoc import new_canvas, save_streamed


def _sheets(path, titles: list[str]) -> bytes:
    """A PDF of a page per title, each with boxes and a form: what a cut sheet's pages hold."""
    canvas = new_canvas(path, (612, 792), "sheets")
    canvas.beginForm("back")
    canvas.rect(0, 0, 10, 10, fill=1)
    canvas.endForm()
    for title in titles:
        canvas.setTrimBox((36, 36, 576, 756))
        canvas.setBleedBox((27, 27, 585, 765))
        canvas.drawString(72, 720, title)
        canvas.doForm("back")
        canvas.showPage()
    save_streamed(canvas)
    return path.read_bytes()


@pytest.fixture
def kept(monkeypatch):
    """keep() on, for this test only; the number of page dictionaries ReportLab formatted."""
    monkeypatch.setattr(pdfpages, "_kept", OrderedDict())
    formatted = [0]
    original = pdfdoc.PDFDictionary.format

    def counting(self, document, IND=b"\n "):
        formatted[0] += self.dict.get("Type") == "/Page"
        return original(self, document, IND)

    monkeypatch.setattr(pdfdoc.PDFDictionary, "format", counting)
    return formatted


def test_a_save_after_an_edit_formats_only_pages_not_seen_and_is_the_same_bytes(tmp_path, kept):
    titles = [f"page {n}" for n in range(6)]
    fresh = _sheets(tmp_path / "fresh.pdf", titles)  # nothing kept yet: every page formatted, and kept
    assert kept[0] == 6
    edited = titles[:2] + ["page two, edited"] + titles[3:]
    again = _sheets(tmp_path / "again.pdf", edited)
    assert kept[0] == 6  # a page dictionary names its drawing by number: the edited page's is as it was
    assert pdfdoc.PDFDictionary.format.__name__ == "counting"  # put back after the save
    pdfpages._kept = None  # what a build outside watch writes
    assert again == _sheets(tmp_path / "whole.pdf", edited) and fresh != again
    assert kept[0] == 12


def test_another_page_size_or_another_numbering_is_formatted_again(tmp_path, kept):
    _sheets(tmp_path / "one.pdf", ["a", "b"])
    _sheets(tmp_path / "one-again.pdf", ["a", "b"])
    assert kept[0] == 2
    # a third page: the page tree and the drawings come after it, so each page names other numbers
    _sheets(tmp_path / "three.pdf", ["a", "b", "c"])
    assert kept[0] == 5
    canvas = new_canvas(tmp_path / "a4.pdf", (595, 842), "sheets")
    canvas.showPage()
    save_streamed(canvas)
    assert kept[0] == 6


def test_nothing_is_kept_outside_watch(tmp_path, monkeypatch):
    monkeypatch.setattr(pdfpages, "_kept", None)
    _sheets(tmp_path / "one.pdf", ["a"])
    assert pdfpages._kept is None


def _numbers() -> dict:
    return {"R1": (1, 0), "R2": (2, 0)}


def test_a_signature_tells_apart_what_formats_apart():
    sign = lambda value: pdfpages.signature(value, _numbers())  # noqa: E731
    assert sign(True) != sign(1)  # 'True' and '1'
    assert sign(pdfdoc.PDFArray([0, 0, 612, 792])) != sign(pdfdoc.PDFArray([0, 0, 612, 791]))
    assert sign(pdfdoc.PDFArray([1])) != sign(pdfdoc.PDFArray([True]))
    assert sign(pdfdoc.PDFObjectReference("R1")) != sign(pdfdoc.PDFObjectReference("R2"))
    assert sign(pdfdoc.PDFDictionary({"A": 1})) != sign(pdfdoc.PDFDictionary({"A": "1"}))
    boxed = lambda: pdfdoc.PDFDictionary({"A": pdfdoc.PDFArray([1])})  # noqa: E731
    assert sign(boxed()) == sign(boxed())
    # format sorts a dict's names, but keeps an OrderedDict's order
    assert sign(pdfdoc.PDFDictionary(OrderedDict(B=1, A=1))) != sign(pdfdoc.PDFDictionary({"B": 1, "A": 1}))
    mixed = pdfdoc.PDFArray([1, pdfdoc.PDFObjectReference("R1")])
    assert sign(mixed) != sign(pdfdoc.PDFArray([1, pdfdoc.PDFObjectReference("R2")]))


@pytest.mark.parametrize("value", [
    pdfdoc.PDFString("text"),  # encryption would change it
    pdfdoc.PDFObjectReference("not numbered yet"),
    pdfdoc.PDFDictionary({1: 1}),
    pdfdoc.PDFStream(content=b"x"),  # format would give it a number
    type("Own", (pdfdoc.PDFArray,), {})([1]),
])
def test_what_a_signature_cannot_tell_is_not_kept(value):
    with pytest.raises(pdfpages.Unsigned):
        pdfpages.signature(pdfdoc.PDFDictionary({"Type": "/Page", "Value": value}), _numbers())


def test_at_most_limit_pages_are_kept_the_oldest_dropped(tmp_path, kept, monkeypatch):
    monkeypatch.setattr(pdfpages, "LIMIT", 2)
    _sheets(tmp_path / "three.pdf", ["a", "b", "c"])
    assert len(pdfpages._kept) == 2
    _sheets(tmp_path / "again.pdf", ["a", "b", "c"])  # a was dropped; drawn again it drops b, and so on
    assert kept[0] == 6
