"""Large print (--large-print), the aids part's share: ``reference-sheet-large-PAPER.pdf``
(kind `reference`), every aid as a full-width panel stacked down portrait pages, at
[large_print] body_size (13 pt) or, when that takes more than two pages, min_body_size
(12 pt). An aid taller than a page at that size leaves the file out with a warning.
"""

from __future__ import annotations

from pathlib import Path

from .. import doc
from ..artifacts import Artifact
from ..errors import GameError, warning
from ..text.catalogue import word
from ..units import MM, length, paper_size
from . import aidcards, figures
from .aids import sheet_header
from .handout import large_print
from .pdfdoc import new_canvas
from .styles import Styles, load

MOST_SHEET_PAGES = 2
HEADER = 12 * MM  # the game's title over the panels


def make(plan, folder: Path, options) -> list[Artifact]:
    """The large-print reference sheet on each paper (the aids part calls this)."""
    aids = plan.rules.aids if plan.rules else ()
    if not options.large_print or not aids:
        return []
    game, styles = plan.game, load()
    artifacts = []
    for paper in options.papers:
        name = f"reference-sheet-large-{paper}.pdf"
        try:
            pages = _stacked(game, aids, styles, paper)
        except GameError as exc:
            first = exc.problems[0]
            options.warn(warning(first.path, first.line, f"no large-print reference sheet on {paper}: "
                                                         f"{first.message}"))
            continue
        options.progress(f"{game.id}: {name}")
        artifacts.append(Artifact(name, "reference", paper, _write_pages(folder / name, game, styles, paper, pages)))
    return artifacts


def _stacked(game, aids: tuple[doc.Aid, ...], styles: Styles, paper: str) -> list[list]:
    """Pages of (aid, height, size) panels: at the large start size, or the floor if that
    takes more pages than MOST_SHEET_PAGES. GameError for an aid taller than a page."""
    width, room = _frame(styles, paper)[2:]
    measure = large_print(styles)[0]  # its sizes: the handout's large print
    for size in (measure.start, measure.floor):
        pages: list[list] = [[]]
        used = 0.0
        for aid in aids:
            height = aidcards.panel_height(game, aid, styles, width, size)
            if height > room:
                raise GameError(warning(game.rules, aid.line, f"the aid '{aid.title}' is taller than a page "
                                                               f"at {size:g} pt"))
            if used + height > room:
                pages.append([])
                used = 0.0
            pages[-1].append((aid, height, size))
            used += height + length(styles.raw["aids"]["sheet_gap"])
        if len(pages) <= MOST_SHEET_PAGES:
            break
    return pages


def _frame(styles: Styles, paper: str) -> tuple[float, float, float, float]:
    """(left, top, width, height) of the panels' column on a portrait page, under the header."""
    w, h = paper_size(paper)
    margin = length(styles.raw["aids"]["sheet_margin"])
    header = HEADER
    return margin, h - margin - header, w - 2 * margin, h - 2 * margin - header


def _write_pages(path: Path, game, styles: Styles, paper: str, pages: list[list]) -> int:
    left, top, width, _ = _frame(styles, paper)
    w, h = paper_size(paper)
    margin = length(styles.raw["aids"]["sheet_margin"])
    gap = length(styles.raw["aids"]["sheet_gap"])
    canvas = new_canvas(path, (w, h), f"{game.title}: {word('player aid sheet, large print', game.edition)}")
    for panels in pages:
        sheet_header(canvas, game, styles, margin, h - margin, w - 2 * margin, "player aid, large print")
        y = top
        for aid, height, size in panels:
            figures.draw_ops(canvas, aidcards.panel_ops(game, aid, styles, width, height, size), left, y)
            y -= height + gap
        canvas.showPage()
    canvas.save()
    return len(pages)
