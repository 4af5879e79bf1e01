"""The rules on one sheet, both sides, for events: the booklet's rules in columns, without
aids and page breaks, the text shrunk (down to the styles' floor) until it fits."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path

from ..text import fonts, icons
from ..text.catalogue import word
from ..errors import GameError, Problem, note, problem
from ..model import Game
from .pdfdoc import new_canvas
from .. import doc
from ..words import span
from ..text.fit import first_that_fits, sizes_down
from ..units import MM, length, paper_size
from . import figures, pages
from .facts import component_lines
from .flow import Flow, FlowOptions
from .styles import Styles

MAX_HANDOUT_PAGES = 2  # one sheet, both sides
HANDOUT_PAGE_LIMIT = 40  # a layout past this is far from fitting: stop it there


def handout_blocks(blocks) -> list:
    """The rules without aids and page breaks, and without headings left with nothing under
    them (a 'Quick reference' chapter made only of aids)."""
    kept = [b for b in blocks if not isinstance(b, (doc.Aid, doc.PageBreak, doc.BackCover))]
    out = []
    for i, block in enumerate(kept):
        nxt = kept[i + 1] if i + 1 < len(kept) else None
        if isinstance(block, doc.Heading) and (nxt is None or (isinstance(nxt, doc.Heading)
                                                               and nxt.level <= block.level)):
            continue
        out.append(block)
    return out


def file_name(paper: str) -> str:
    return f"handout-{paper}.pdf"


@dataclass(frozen=True)
class HandoutFit:
    body_size: float
    pages: list
    overflow: float  # points of column beyond the sheet (0 when it fits)
    complete: bool = True  # False: the layout stopped at its page limit, so it needs more still
    most_pages: int = MAX_HANDOUT_PAGES

    @property
    def fits(self) -> bool:
        return len(self.pages) <= self.most_pages


def plan(game: Game, rules: doc.RulesDoc, styles: Styles, painter: figures.CardPainter, papers,
         hints: dict | None = None, found: dict | None = None) -> tuple[dict[str, tuple["Handout", HandoutFit]],
                                                                      list[Problem]]:
    """The handouts to make, {paper: (handout, fit)}, and a note saying which are left out and
    why. game.toml's `handout`: "auto" makes each that fits one sheet; true demands them all
    (one that does not fit is an error at that line, saying by how much); false makes none.
    Build and validate both ask here, so they agree. hints: what an earlier search of the same
    inputs found on each paper, tried first; found: what this one found is put there."""
    if game.handout is False:
        return {}, []
    made, missing = {}, {}
    for paper in papers:
        choices = measures(styles)
        fitted = fit_paper(game, rules, styles, painter, paper, choices, game.handout is True,
                           (hints or {}).get(paper))
        if found is not None:
            found[paper] = _decision(fitted, choices)
        if isinstance(fitted, str):
            missing[paper] = fitted
        else:
            made[paper] = fitted
    if not missing:
        return made, []
    line = game.line_of("handout")
    if game.handout is True:
        raise GameError([problem(game.manifest, line, f"handout = true, but the rules do not fit the {paper} handout "
                                 f"(one sheet, both sides): {why}")
                         for paper, why in missing.items()])
    where = (game.manifest, line) if line else (game.rules, None)
    reasons = "; ".join(f"{paper}: {why}" for paper, why in missing.items())
    return made, [note(*where, f"no handout made, the rules do not fit one sheet, both sides ({reasons}); "
                               f"the booklet holds them. handout = false in game.toml leaves it out without this note")]


def fit_paper(game: Game, rules: doc.RulesDoc, styles: Styles, painter: figures.CardPainter,
              paper: str, choices: list["Measure"], demanded: bool = False,
              hint=None) -> tuple["Handout", HandoutFit] | str:
    """The handout of the first of the measures that fits the rules in its pages, or why the
    first does not (a block no column holds is an error when the handout is demanded).
    hint: what this search found for the same inputs before (_decision), laid out once."""
    if (found := _hinted(game, rules, styles, painter, paper, choices, demanded, hint)) is not None:
        return found
    first_why, first_error = None, None
    for measure in choices:
        sheet = Handout(game, rules, styles, painter, paper, measure)
        try:
            fit = sheet.fit()
        except GameError as exc:  # a block no handout column of this measure can hold
            first_error = first_error or exc
            line = exc.problems[0].line
            why = f"rules.md line {line} fits no handout column" if line else exc.problems[0].message
        else:
            if fit.fits:
                return sheet, fit
            why = sheet.too_long(fit)
        first_why = first_why or why
    if demanded and first_error is not None:
        raise first_error
    return first_why


def _decision(fitted, choices: list["Measure"]) -> dict:
    """What fit_paper found, as data to keep: the measure and size that fit, or why none does."""
    if isinstance(fitted, str):
        return {"why": fitted}
    sheet, fit = fitted
    return {"measure": choices.index(sheet.measure), "size": fit.body_size}


def _hinted(game, rules, styles, painter, paper, choices, demanded, hint):
    """fit_paper's answer from an earlier search's decision, when it still holds; else None.
    The reason none fits is taken as it was only where it is a note (not demanded: then the
    search's error must be raised again)."""
    if not isinstance(hint, dict):
        return None
    if set(hint) == {"why"} and isinstance(hint["why"], str) and not demanded:
        return hint["why"]
    index, size = hint.get("measure"), hint.get("size")
    if type(index) is not int or not 0 <= index < len(choices) or type(size) not in (int, float):
        return None
    sheet = Handout(game, rules, styles, painter, paper, choices[index])
    with icons.noting_sides({}) as sides:  # a hint that fails leaves no trace (the low-dpi warning)
        try:
            fit = sheet.attempt(float(size))
        except GameError:
            return None
    if not (fit.fits and fit.complete):
        return None
    icons.note_sides(sides)
    return sheet, fit


@dataclass(frozen=True)
class Measure:
    """A handout's columns and margin, the body sizes it may take and how many pages."""

    columns: int
    margin: float
    start: float  # the body size tried first
    floor: float  # the smallest it may shrink to
    most_pages: int = MAX_HANDOUT_PAGES
    title: str = "rules handout"


def measures(styles: Styles) -> list[Measure]:
    """The regular handout's measures, tried in turn: the styles' own, then their fallbacks
    (narrower margins, more columns), so that no game's text must go below the floor."""
    start, floor = float(styles.value("handout", "body_size")), float(styles.value("handout", "min_body_size"))
    own = Measure(int(styles.value("handout", "columns")), styles.length("handout", "margin"), start, floor)
    return [own, *(Measure(int(columns), length(margin), start, floor)
                   for columns, margin in styles.value("handout", "fallbacks"))]


def large_print(styles: Styles) -> list[Measure]:
    """The large-print handout's measures: body text at least [large_print] min_body_size on
    its pages (two sheets), in two columns, else one (a wide figure); else as many pages as
    the rules take, rather than smaller text."""
    def value(key: str):
        return styles.value("large_print", key)
    start, floor = float(value("body_size")), float(value("min_body_size"))
    margin, title = styles.length("large_print", "margin"), "rules handout, large print"
    within = [Measure(columns, margin, start, floor, int(value("pages")), title)
              for columns in (int(value("columns")), 1)]
    return within + [replace(m, start=floor, most_pages=HANDOUT_PAGE_LIMIT - 1) for m in within]


class Handout:
    """The rules on one sheet, both sides, in columns; text shrinks to fit down to the floor."""

    def __init__(self, game: Game, rules: doc.RulesDoc, styles: Styles, painter: figures.CardPainter,
                 paper: str, measure: Measure):
        self.game, self.rules, self.styles, self.painter = game, rules, styles, painter
        self.paper = paper
        self.page = paper_size(paper)
        self.measure = measure
        self.margin = measure.margin
        self.columns = measure.columns
        self.gap = styles.length("handout", "gap")
        self.header = styles.length("handout", "header_height")
        self.col_w = (self.page[0] - 2 * self.margin - (self.columns - 1) * self.gap) / self.columns
        self.footer_h = 6 * MM

    def frames(self, first: bool) -> list[tuple[float, float, float, float]]:
        top = self.page[1] - self.margin - (self.header if first else 0)
        bottom = self.margin + self.footer_h
        return [(self.margin + i * (self.col_w + self.gap), bottom, self.col_w, top - bottom)
                for i in range(self.columns)]

    def attempt(self, body_size: float) -> HandoutFit:
        st = self.styles
        base = st.text("body").size
        scale = body_size / base
        shrink = body_size / float(st.value("handout", "body_size"))  # figures shrink with the text
        flow = Flow(self.game, st, self.painter, FlowOptions(
            scale=scale, card_long_side=st.length("handout", "card_width") * shrink,
            wheel_size=min(self.col_w, st.length("handout", "wheel") * shrink), aids=False, page_breaks=False,
            keep_figure_intro=False, figure_height=0.8 * self.frames(True)[0][3]))
        floor = self.measure.floor
        for name in ("table", "caption"):  # smaller styles never drop below the floor either
            if flow.text[name].size < floor:
                flow.text[name] = st.text(name).scaled(floor / st.text(name).size)
                flow.ps[name] = st.paragraph(name, flow.text[name], alignment=flow.ps[name].alignment)
        recorder = pages.Recorder(HANDOUT_PAGE_LIMIT)
        templates = [pages.template(recorder, "first", self.frames(True), self.page, "later"),
                     pages.template(recorder, "later", self.frames(False), self.page, "later")]
        story = flow.flowables(handout_blocks(self.rules.blocks), self.col_w)
        try:
            laid = pages.lay_out(story, self.page, templates, recorder)
        except pages.PageLimit:  # far too long: say by how much from the pages laid so far
            return HandoutFit(body_size, recorder.pages, self.overflow(recorder.pages), False, self.measure.most_pages)
        except pages.LayoutError as exc:
            raise pages.handle_layout_error(self.game, recorder, exc, f"handout ({self.paper})") from None
        return HandoutFit(body_size, laid, self.overflow(laid), most_pages=self.measure.most_pages)

    def overflow(self, laid: list[pages.Page]) -> float:
        """How much column the pages past the sheet use, in points."""
        return self.filled(laid[self.measure.most_pages:], first=False)

    def filled(self, laid: list[pages.Page], first: bool = True) -> float:
        """How much column the pages use, in points: each column down to its lowest flowable
        (first: laid begins with the first side, under the header)."""
        total = 0.0
        for number, page in enumerate(laid):
            for x, y, w, h in self.frames(first and number == 0):
                placed = [p for p in page.placements if x - 1 <= p.x < x + w]
                if placed:
                    total += (y + h) - min(p.y for p in placed)
        return total

    def room(self) -> float:
        """The column the sheet holds, in points."""
        return sum(self.frames(True)[i][3] + (self.measure.most_pages - 1) * self.frames(False)[i][3]
                   for i in range(self.columns))

    def fit(self) -> HandoutFit:
        """The largest body size, from the styles' start down to the floor in steps, at which
        the rules fit the sheet; else the layout at the floor (fits is False). The floor is
        laid out first, and rules that do not fit at the smallest size are taken not to fit
        at a larger one: a measure that cannot hold them costs one layout, not one per size.
        Larger sizes are taken alike to fit no better than smaller ones, so the next size
        tried is the one the rules would just fill the sheet at, from how much of it the last
        try filled (first_that_fits): two or three layouts, not one for each size above.
        (Page breaks make the fit uneven, so a larger size might in rare cases fit where a
        smaller does not; the next measure then holds the rules.)"""
        sizes = sizes_down(self.measure.start, self.measure.floor, float(self.styles.value("handout", "step")))
        tried: dict[int, HandoutFit] = {}

        def fits(index: int) -> bool:
            tried[index] = self.attempt(sizes[index])
            return tried[index].fits

        def estimate(index: int) -> float:
            # the rules' column grows about as the square of the size: lines taller, fewer words to each
            return sizes[index] * math.sqrt(self.room() / max(self.filled(tried[index].pages), 1.0))

        found = first_that_fits(sizes, fits, estimate, first=len(sizes) - 1)
        return tried[len(sizes) - 1 if found is None else found]

    def too_long(self, fit: HandoutFit) -> str:
        """By how much the rules miss the sheet (one sheet, both sides), at the floor size."""
        leading = self.styles.text("body").scaled(fit.body_size / self.styles.text("body").size).leading
        more = "" if fit.complete else "at least "
        return (f"even with {fit.body_size:g} pt text the rules need {more}{len(fit.pages)} pages, "
                f"{more or 'about '}{fit.overflow / MM:.0f} mm of column (some {fit.overflow / leading:.0f} lines) "
                f"too long")

    def write(self, path: Path, fit: HandoutFit) -> int:
        self.drawn(path, fit).save()
        return len(fit.pages)

    def drawn(self, target, fit: HandoutFit, kind=None):
        """Every side drawn on a canvas not saved yet (new_canvas's target and kind: validate
        draws the handout on one that notes its text sizes, and the build saves that)."""
        title = f"{self.game.title}: {word(self.measure.title, self.game.edition)}"
        canvas = new_canvas(target, self.page, title, self.game, kind=kind)
        self.draw(canvas, fit)
        return canvas

    def draw(self, canvas, fit: HandoutFit) -> None:
        """Every side of the handout, each ended with showPage."""
        for number, page in enumerate(fit.pages, start=1):
            if number == 1:
                self.draw_header(canvas, fit.body_size)
            pages.draw_page(canvas, page)
            self.draw_footer(canvas, number, len(fit.pages))
            canvas.showPage()

    def draw_header(self, canvas, body_size: float) -> None:
        st, game = self.styles, self.game
        w, h = self.page
        top = h - self.margin
        title = st.text("title").scaled(0.62)
        canvas.saveState()
        canvas.setFillColor(title.color)
        canvas.setFont(fonts.pdf_name(title.font), title.size)
        canvas.drawString(self.margin, top - title.size * 0.85, game.title)
        title_w = canvas.stringWidth(game.title, fonts.pdf_name(title.font), title.size)
        if game.tagline:
            canvas.setFillColor(st.color("ink"))
            canvas.setFont(fonts.pdf_name("body-italic"), 10)
            canvas.drawString(self.margin + title_w + 5 * MM, top - title.size * 0.85, game.tagline)
        said = word("{players} players · {minutes} minutes", game.edition, players=span(game.players),
                    minutes=span(game.minutes))  # one phrase: its numbers agree with their nouns in every language
        facts = [*said.split(" · "), *component_lines(game)]
        canvas.setFillColor(st.color("ink"))
        line, size = _fitted(canvas, "  ·  ".join(facts), "body", 9, w - 2 * self.margin)
        canvas.setFont(fonts.pdf_name("body"), size)
        canvas.drawString(self.margin, top - title.size - 10, line)
        canvas.setStrokeColor(st.color("accent"))
        canvas.setLineWidth(1.2)
        rule_y = h - self.margin - self.header + 4 * MM
        canvas.line(self.margin, rule_y, w - self.margin, rule_y)
        canvas.restoreState()

    def draw_footer(self, canvas, number: int, count: int) -> None:
        st, game = self.styles, self.game
        t = st.text("footer")
        w = self.page[0]
        canvas.saveState()
        canvas.setFillColor(t.color)
        canvas.setFont(fonts.pdf_name(t.font), t.size)
        side = word("side {number} of {count}", game.edition, number=number, count=count) \
            + (f" — {word('please turn over', game.edition)}" if number < count else "")
        left = f"{game.title} · {word(self.measure.title, game.edition)} · {side}"
        canvas.drawString(self.margin, self.margin, left)
        if number == count and game.credits:
            credits = " · ".join(game.credits)
            room = w - 2 * self.margin - canvas.stringWidth(left, fonts.pdf_name(t.font), t.size) - 4 * MM
            credits, size = _fitted(canvas, credits, t.font, t.size, room)
            canvas.setFont(fonts.pdf_name(t.font), size)
            canvas.drawRightString(w - self.margin, self.margin, credits)
        canvas.restoreState()


def _fitted(canvas, text: str, role: str, size: float, width: float, floor: float = 7.0) -> tuple[str, float]:
    """A header or footer line and the size at which it fits its width: smaller, down to the
    floor print needs, then cut short at a word with '…' (a game with many components or
    long credits would otherwise run off the page)."""
    name = fonts.pdf_name(role)
    natural = canvas.stringWidth(text, name, size)
    if natural <= width:
        return text, size
    size = max(floor, size * width / natural)
    words = text.split(" ")
    while len(words) > 1 and canvas.stringWidth(" ".join(words), name, size) > width:
        words.pop()
        words[-1:] = [words[-1].rstrip(" ·,") + "…"] if words[-1].rstrip(" ·,") else []
    return " ".join(words), size


def fitted_size(canvas, text: str, role: str, size: float, width: float, floor: float = 7.0) -> float:
    """The size at which a header or footer line fits its width (no smaller than floor): a
    game with many components or long credits would otherwise run off the page."""
    natural = canvas.stringWidth(text, fonts.pdf_name(role), size)
    return size if natural <= width else max(floor, size * width / natural)
