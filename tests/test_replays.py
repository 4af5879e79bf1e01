"""Cut sheets, imposed booklets and reference cards on two papers (replays.py): the second
paper's faces and pages are the operators the first paper's got, replayed where the
document's state before them is the same; each PDF is the bytes it has built alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT, ppgen
from generator.load.game import load_game
from generator.faces import pdf as face_pdf
from generator.parts import replays, sheets
from generator.parts.pdfdoc import new_canvas
from generator.validate import validate


def _papers(folder: Path) -> dict[str, bytes]:
    """The PDFs made once a paper that replay: cut sheets, imposed booklets, reference cards."""
    return {p.name: p.read_bytes() for pattern in ("cards*.pdf", "*imposed*.pdf", "reference-cards*.pdf")
            for p in sorted(folder.glob(pattern))}


@pytest.mark.parametrize("game, parts, count", [("uncontrolled-squid", "cards", 4), ("poohsticks", "cards,rules,aids", 8)])
def test_each_paper_is_the_bytes_it_has_built_alone(tmp_path, game, parts, count):
    both, letter, a4 = (tmp_path / name for name in ("both", "letter", "a4"))
    for out, paper in ((both, "both"), (letter, "letter"), (a4, "a4")):
        run = ppgen("build", game, "--only", parts, "--paper", paper, "--no-cache", "--out", out)
        assert run.code == 0, run.text
    alone = {**_papers(letter / game), **_papers(a4 / game)}
    assert _papers(both / game) == alone and len(alone) == count


def test_the_second_paper_replays_the_faces_and_a_changed_state_draws_them():
    plan = validate(load_game(ROOT / "games" / "squib-squares"))
    component = plan.game.components[0]
    deck = sheets.Deck(sheets.Faces(plan.game, component, "front", plan.drawing, plan.digest),
                       sheets.backs_of(plan.game, component, plan.drawing, plan.digest))
    streams = replays.Replays()
    sheets.write_deck_sheets(Path("/dev/null"), "letter", deck, [], replays=streams)
    drawn = streams.drawn
    assert drawn >= 54 and streams.replayed == 0
    sheets.write_deck_sheets(Path("/dev/null"), "a4", deck, [], replays=streams)
    assert streams.replayed == drawn and streams.drawn == drawn  # every face replayed, none drawn again

    face = deck.fronts[0]
    where = (-face.width / 2, -face.height / 2)  # as the cut sheets draw it
    streams = replays.Replays()
    streams.face(new_canvas(Path("/dev/null"), (612, 792), "first"), face, *where)  # gone at once: the next
    # document may well have its id, and must still be told what the face did to the first
    replayed, drawn = new_canvas(Path("/dev/null"), (612, 792), "second"), new_canvas(Path("/dev/null"), (612, 792), "third")
    streams.face(replayed, face, *where)
    face_pdf.draw(drawn, face, *where)
    # the page's stream joins its operators with line breaks: the same text; the last operator
    # stands alone, as ReportLab may rewrite it (a transform merged into a final 'cm')
    assert streams.replayed == 1 and "\n".join(replayed._code) == "\n".join(drawn._code)
    assert replayed._code[-1] == drawn._code[-1]
    assert replayed._doc.fontMapping == drawn._doc.fontMapping
    # a document whose font gave its characters other codes first: the face is drawn there
    streams.face(new_canvas(Path("/dev/null"), (612, 792), "fourth"), face, *where)  # kept again
    other = new_canvas(Path("/dev/null"), (612, 792), "other")
    other.setFont("Atkinson", 9)
    other.drawString(10, 10, "zyxwvutsrq 0123456789")
    streams.face(other, face, *where)
    assert streams.replayed == 1 and streams.drawn == 3


def test_a_face_drawn_again_in_the_same_document_is_the_same_operators():
    plan = validate(load_game(ROOT / "games" / "squib-squares"))
    component = plan.game.components[0]
    first, second = (plan.drawing((component.id, card.id, "front")) for card in component.cards[:2])
    where = (-first.width / 2, -first.height / 2)
    streams, replayed, drawn = replays.Replays(), new_canvas(Path("/dev/null"), (612, 792), "a"), \
        new_canvas(Path("/dev/null"), (612, 792), "b")
    for face in (first, second, first, second, first):  # copies, as a card's or a reference card's
        for canvas, draw in ((replayed, streams.face), (drawn, face_pdf.draw)):
            canvas.saveState()  # as the cut sheets draw a card: the canvas as it was after it
            draw(canvas, face, *where)
            canvas.restoreState()
    assert streams.drawn == 2 and streams.replayed == 3
    assert "\n".join(replayed._code) == "\n".join(drawn._code)
    assert replayed._doc.fontMapping == drawn._doc.fontMapping
