"""The 'aids' part: player reference cards, the half-page reference sheet, the score pad.

- `reference` (per paper): ``reference-cards-PAPER.pdf``, the aids of the rules as poker
  cards on duplex cut sheets (two aids to a card, front and back; one card per player: the
  game's largest player count, or a pack's table, BuildOptions.players), and ``reference-sheet-PAPER.pdf``, every aid side by side on
  half a sheet, twice per page, with a cut line between.
- `score-sheet` (per paper, only for a game that keeps score): ``score-sheet-PAPER.pdf``.

A game keeps score when game.toml's [data] has a ``score_sheet`` table (``columns``, ``sets``,
``title``, ``row_label``) or ``bonuses``, or when its rules call ``score_sheet(columns=[…], sets=N)``.
The pad gives each player a row per set with those columns, a row per bonus of
data.bonuses (name and points), and a total; the rules' "Scoring" aid, if any, is printed
at the foot of the page.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Mapping, NamedTuple


from ..text import fonts
from ..text.catalogue import word
from ..errors import GameError, problem
from ..model import Game
from ..artifacts import Artifact
from .pdfdoc import new_canvas
from .replays import Replays
from .. import doc
from ..units import MM, length, paper_size
from . import aidcards, cardtext, figures
from .sheets import write_cut_sheets
from .styles import Styles, load

HALF_SHEET_HEADER = 9 * MM  # the game's title over the panels


def make(plan, folder: Path, options) -> list[Artifact]:
    game, rules = plan.game, plan.rules
    styles = load()
    players = options.players or game.players[1]  # a pack's table, else the most the game takes
    artifacts: list[Artifact] = []
    aids = rules.aids if rules else ()
    if aids:
        fronts, backs = reference_cards(game, aids, styles, plan.aids.card_size, players)
        replays = Replays() if len(options.papers) > 1 else None  # the cards drawn on one paper, for the next
        for paper in options.papers:
            name = f"reference-cards-{paper}.pdf"
            options.progress(f"{game.id}: {name}")
            count = write_cut_sheets(folder / name, paper, fronts, backs,
                                     title=f"{game.title}: {word('player aid cards', game.edition)}", apart=False,
                                     game=game, guides=options.cut_guides, replays=replays)
            artifacts.append(Artifact(name, "reference", paper, count))
            name = f"reference-sheet-{paper}.pdf"
            if paper not in plan.aids.sheet_text:  # its aids do not fit this paper's half: validate noted it
                continue
            options.progress(f"{game.id}: {name}")
            artifacts.append(Artifact(name, "reference", paper,
                                      write_half_sheet(folder / name, game, aids, styles, paper,
                                                       plan.aids.sheet_text[paper])))
    sheet = plan.aids.score_sheet  # validate read it (score_sheet_spec)
    if sheet is not None:
        for paper in options.papers:
            name = f"score-sheet-{paper}.pdf"
            options.progress(f"{game.id}: {name}")
            artifacts.append(Artifact(name, "score-sheet", paper,
                                      write_score_sheet(folder / name, game, sheet, aids, styles, paper, players)))
    return artifacts


# -- reference cards ----------------------------------------------------------------------------

def reference_cards(game: Game, aids: tuple[doc.Aid, ...], styles: Styles, size, copies: int):
    """Fronts and backs for the cut sheets: one double-sided card of the measured size
    (aidcards.card_size) per pair of aids, a set per player (copies)."""
    fronts, backs = [], []
    for front, back in aidcards.pairs(aids):
        face = aidcards.card_front(game, front, styles, size)
        reverse = aidcards.card_front(game, back, styles, size) if back else aidcards.card_back(game, styles)
        fronts += [face] * copies
        backs += [reverse] * copies
    return fronts, backs


# -- the half-page sheet --------------------------------------------------------------------------

def landscape_halves(paper: str) -> tuple[tuple[float, float], float]:
    """Page size (portrait paper) and the height of each half."""
    w, h = paper_size(paper)
    return (w, h), h / 2


def panel_grid(count: int) -> tuple[int, int]:
    columns = min(count, 4)
    return columns, math.ceil(count / columns)


def panel_size(aids: tuple[doc.Aid, ...], styles: Styles, paper: str) -> tuple[float, float]:
    """Width and height of each aid's panel on the half sheet."""
    (w, _), half = landscape_halves(paper)
    a = styles.raw["aids"]
    margin, gap = length(a["sheet_margin"]), length(a["sheet_gap"])
    columns, rows = panel_grid(len(aids))
    return ((w - 2 * margin - (columns - 1) * gap) / columns,
            (half - 2 * margin - HALF_SHEET_HEADER - (rows - 1) * gap) / rows)


def half_sheet_text_size(game: Game, aids: tuple[doc.Aid, ...], styles: Styles, paper: str) -> float:
    """One text size for every panel: the largest that fits them all (GameError naming the
    aid that does not fit even at the floor)."""
    a = styles.raw["aids"]
    panel_w, panel_h = panel_size(aids, styles, paper)
    band = aidcards.title_band(styles, float(a["title_size"]) * 1.1)
    pad = length(a["padding"])
    return min(cardtext.fit(game, aid, aidcards.palette(styles), panel_w - 2 * pad, panel_h - band - 2 * pad,
                            float(a["sheet_body_size"]), float(a["min_body_size"]), float(a["leading"]))[1]
               for aid in aids)


def write_half_sheet(path: Path, game: Game, aids: tuple[doc.Aid, ...], styles: Styles, paper: str,
                     size: float) -> int:
    """The half-page sheet, its panels' text at the measured size (half_sheet_text_size)."""
    (w, h), half = landscape_halves(paper)
    a = styles.raw["aids"]
    margin = length(a["sheet_margin"])
    gap = length(a["sheet_gap"])
    header = HALF_SHEET_HEADER
    columns, _ = panel_grid(len(aids))
    panel_w, panel_h = panel_size(aids, styles, paper)
    panels = [aidcards.panel_ops(game, aid, styles, panel_w, panel_h, size) for aid in aids]
    canvas = new_canvas(path, (w, h), f"{game.title}: {word('player aid sheet', game.edition)}", game)
    for copy_top in (h, half):
        top = copy_top - margin
        sheet_header(canvas, game, styles, margin, top, w - 2 * margin)
        for i, ops in enumerate(panels):
            r, c = divmod(i, columns)
            x = margin + c * (panel_w + gap)
            y = top - header - r * (panel_h + gap)
            figures.draw_ops(canvas, ops, x, y)
    canvas.saveState()
    canvas.setStrokeColor(styles.color("muted"))
    canvas.setLineWidth(0.5)
    canvas.setDash(4, 3)
    canvas.line(margin * 0.5, half, w - margin * 0.5, half)
    canvas.setFillColor(styles.color("muted"))
    canvas.setFont(fonts.pdf_name("body-italic"), 6.5)
    canvas.drawRightString(w - margin * 0.5, half + 2.5, word("cut here", game.edition))
    canvas.restoreState()
    canvas.showPage()
    canvas.save()
    return 1


def sheet_header(canvas, game: Game, styles: Styles, x: float, top: float, width: float,
                 what: str = "player aid") -> None:
    """The game's title, what the sheet is, players and minutes, along the top."""
    canvas.saveState()
    canvas.setFillColor(styles.color("accent"))
    canvas.setFont(fonts.pdf_name("display"), 14)
    canvas.drawString(x, top - 13, game.title)
    title_w = canvas.stringWidth(game.title, fonts.pdf_name("display"), 14)
    canvas.setFillColor(styles.color("muted"))
    canvas.setFont(fonts.pdf_name("body-italic"), 9)
    canvas.drawString(x + title_w + 8, top - 13, word(what, game.edition))
    low, high = game.players
    players = str(low) if low == high else f"{low}–{high}"
    lo_m, hi_m = game.minutes
    minutes = str(lo_m) if lo_m == hi_m else f"{lo_m}–{hi_m}"
    canvas.setFont(fonts.pdf_name("body"), 8.5)
    canvas.drawRightString(x + width, top - 13, word("{players} players · {minutes} minutes", game.edition,
                                                     players=players, minutes=minutes))
    canvas.restoreState()


# -- the score sheet --------------------------------------------------------------------------------

def score_sheet_spec(game: Game, rules: doc.RulesDoc | None) -> doc.ScoreSheet | None:
    raw: Any = game.data.get("score_sheet")
    if isinstance(raw, Mapping):
        line = game.line_of("data", "score_sheet")
        columns = raw.get("columns", ["Score"])
        sets = raw.get("sets", 6)
        if not isinstance(columns, list) or not columns or not all(isinstance(c, str) for c in columns):
            raise GameError(problem(game.manifest, line, "data.score_sheet.columns must be a list of headings"))
        if not isinstance(sets, int) or not 1 <= sets <= 20:
            raise GameError(problem(game.manifest, line, "data.score_sheet.sets must be a number from 1 to 20"))
        texts = {key: raw.get(key, getattr(doc.ScoreSheet, key)) for key in doc.SCORE_TEXT_MOST}
        for key, value in texts.items():
            if fault := doc.score_text_fault(key, value):
                raise GameError(problem(game.manifest, game.line_of("data", "score_sheet", key),
                                        f"data.score_sheet.{fault}"))
        return doc.ScoreSheet(tuple(columns), sets, **texts)
    if rules is not None and rules.score_sheet is not None:
        return rules.score_sheet
    if game.data.get("bonuses"):
        return doc.ScoreSheet()
    return None


def bonuses(game: Game) -> list[tuple[str, str]]:
    out = []
    for b in game.data.get("bonuses", ()) or ():
        if isinstance(b, Mapping) and "name" in b:
            points = b.get("points")
            out.append((str(b["name"]), f"+{points}" if isinstance(points, int) and points > 0 else str(points or "")))
    return out


def write_score_sheet(path: Path, game: Game, sheet: doc.ScoreSheet, aids: tuple[doc.Aid, ...],
                      styles: Styles, paper: str, players: int) -> int:
    """The score pad: a block per player (players of them)."""
    s = styles.raw["score_sheet"]
    w, h = paper_size(paper)
    margin = length(s["margin"])
    gap = length(s["gap"])
    across, down = s["per_page"]
    per_page = across * down
    scoring = next((aid for aid in aids if aid.title.strip().lower() == "scoring"), None)
    title_h = 12 * MM
    foot = None
    foot_w = min(w - 2 * margin, length(s["scoring_width"]))
    foot_h = 0.0
    if scoring:
        size = float(s["scoring_size"])
        foot_h = aidcards.panel_height(game, scoring, styles, foot_w, size)
        foot = aidcards.panel_ops(game, scoring, styles, foot_w, foot_h, size)
    block_w = (w - 2 * margin - (across - 1) * gap) / across
    block_h = (h - 2 * margin - title_h - foot_h - (down - 1) * gap - (gap if scoring else 0)) / down
    canvas = new_canvas(path, (w, h), f"{game.title}: {word(sheet.title, game.edition)}", game)
    pages = 0
    for start in range(0, players, per_page):
        top = h - margin
        canvas.setFillColor(styles.color("accent"))
        canvas.setFont(fonts.pdf_name("display"), 18)
        canvas.drawString(margin, top - 16, f"{game.title}")
        tw = canvas.stringWidth(game.title, fonts.pdf_name("display"), 18)
        canvas.setFont(fonts.pdf_name("body-italic"), 11)
        canvas.setFillColor(styles.color("ink"))
        canvas.drawString(margin + tw + 8, top - 16, word(sheet.title, game.edition))
        canvas.setFont(fonts.pdf_name("body"), 9)
        canvas.drawRightString(w - margin, top - 16, f"{word('Date:', game.edition)} ______________")
        for i in range(min(per_page, players - start)):
            r, c = divmod(i, across)
            x = margin + c * (block_w + gap)
            y = top - title_h - r * (block_h + gap)
            _player_block(canvas, game, sheet, styles, x, y, block_w, block_h, start + i + 1)
        if foot:
            figures.draw_ops(canvas, foot, (w - foot_w) / 2, margin + foot_h)
        canvas.showPage()
        pages += 1
    canvas.save()
    return pages


def _player_block(canvas, game: Game, sheet: doc.ScoreSheet, styles: Styles, x: float, top: float,
                  width: float, height: float, number: int) -> None:
    """One player's part of the pad: name, a row per set, a row per bonus, the total."""
    extra = bonuses(game)
    rows = 1 + sheet.sets + len(extra) + 1  # header, sets, bonuses, total
    name_h = 20
    row_h = min(17.0, (height - name_h) / rows)
    size = min(9.0, row_h * 0.55)
    body = fonts.pdf_name("body")
    label_w = max(width * 0.3, max((canvas.stringWidth(f"{n} {p}", body, size) for n, p in extra), default=0) + 8)
    label_w = min(label_w, width * 0.5)
    block = _Block(x, top - name_h, width, row_h, size, label_w, (width - label_w) / len(sheet.columns))
    canvas.saveState()
    canvas.setFillColor(styles.color("ink"))
    canvas.setFont(fonts.pdf_name("body-bold"), 10)
    who = word("Player {number}", game.edition, number=number)
    canvas.drawString(x, top - 13, who)
    canvas.setStrokeColor(styles.color("line"))
    canvas.setLineWidth(0.6)
    name_at = max(52, canvas.stringWidth(who, fonts.pdf_name("body-bold"), 10) + 6)  # "Giocatore 12" is longer
    canvas.line(x + name_at, top - 14, x + width, top - 14)
    sets_bottom, bottom = _score_rows(canvas, sheet, extra, styles, block, game.edition)
    _score_rules(canvas, sheet, styles, block, rows, sets_bottom, bottom)
    canvas.restoreState()


class _Block(NamedTuple):
    """Where one player's score table sits: its top-left corner, width, row height, text size, columns."""
    x: float
    top: float
    width: float
    row_h: float
    size: float
    label_w: float
    col_w: float


def _score_rows(canvas, sheet: doc.ScoreSheet, extra: list, styles: Styles, b: _Block,
                edition: str) -> tuple[float, float]:
    """The header, set, bonus and total rows' fills and labels (ppgen's own in the edition's
    language: a game's own words are not in the catalogue, so print as written); returns the
    sets' bottom and the table's."""
    accent, soft, ink = (styles.color(k) for k in ("accent", "accent_soft", "ink"))
    body, bold = fonts.pdf_name("body"), fonts.pdf_name("body-bold")
    x, y, width, row_h, size, col_w = b.x, b.top, b.width, b.row_h, b.size, b.col_w
    canvas.setFillColor(accent)
    canvas.rect(x, y - row_h, width, row_h, stroke=0, fill=1)
    canvas.setFillColor(styles.color("paper"))
    canvas.setFont(bold, size)
    canvas.drawString(x + 4, y - row_h * 0.68, word(sheet.row_label, edition))
    for i, column in enumerate(sheet.columns):
        canvas.drawCentredString(x + b.label_w + (i + 0.5) * col_w, y - row_h * 0.68, word(column, edition))
    y -= row_h
    canvas.setFont(body, size)
    for n in range(1, sheet.sets + 1):
        if n % 2 == 0:
            canvas.setFillColor(soft)
            canvas.rect(x, y - row_h, width, row_h, stroke=0, fill=1)
        canvas.setFillColor(ink)
        canvas.drawString(x + 4, y - row_h * 0.68, str(n))
        y -= row_h
    sets_bottom = y
    for name, points in extra:
        canvas.setFillColor(ink)
        canvas.setFont(body, size)
        canvas.drawString(x + 4, y - row_h * 0.68, name)
        canvas.setFillColor(styles.color("muted"))
        canvas.drawRightString(x + width - col_w - 4, y - row_h * 0.68, points)
        y -= row_h
    canvas.setFillColor(soft)
    canvas.rect(x, y - row_h, width, row_h, stroke=0, fill=1)
    canvas.setFillColor(accent)
    canvas.setFont(bold, size * 1.05)
    canvas.drawString(x + 4, y - row_h * 0.68, word("Total", edition))
    return sets_bottom, y - row_h


def _score_rules(canvas, sheet: doc.ScoreSheet, styles: Styles, b: _Block, rows: int, sets_bottom: float,
                 bottom: float) -> None:
    """The table's lines: a rule under each row, the columns of the sets, the total's box, the frame."""
    accent, line = styles.color("accent"), styles.color("line")
    x, width, row_h, col_w = b.x, b.width, b.row_h, b.col_w
    canvas.setStrokeColor(line)
    canvas.setLineWidth(0.5)
    yy = b.top - row_h
    for _ in range(rows - 1):
        canvas.line(x, yy, x + width, yy)
        yy -= row_h
    for i in range(len(sheet.columns) + 1):
        cx = x + b.label_w + i * col_w
        canvas.line(cx, b.top - row_h, cx, sets_bottom)
    canvas.line(x + width - col_w, sets_bottom, x + width - col_w, bottom)
    canvas.setStrokeColor(accent)
    canvas.setLineWidth(0.8)
    canvas.line(x, sets_bottom, x + width, sets_bottom)
    canvas.line(x, bottom + row_h, x + width, bottom + row_h)
    canvas.setStrokeColor(accent)
    canvas.setLineWidth(0.9)
    canvas.rect(x, bottom, width, b.top - bottom, stroke=1, fill=0)
