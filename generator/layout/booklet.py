"""The 'rules' part: the rules booklet (A5, reading order), the same booklet imposed for
saddle stitching on landscape Letter / A4, and the one-sheet handout.

    rules.md ─read─▶ RulesDoc ─Flow─▶ flowables ─lay_out─▶ pages (recorded) ─▶ booklet PDF
                                                                           └─▶ imposed PDFs
                                      flowables (smaller) ─lay_out─▶ ≤ 2 pages ─▶ handout PDFs

Page 1 is a title page made from game.toml (title, tagline, a few real cards, players, time,
what is in the box, credits); the rules follow; notes pages pad the booklet to a multiple
of 4. Imposition replays the recorded A5 pages (see pages.py), so both PDFs show the same
pages and each embeds its own font subsets.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab import rl_config
from reportlab.lib.enums import TA_CENTER
from reportlab.platypus import Flowable, NextPageTemplate, PageBreak, Paragraph, Spacer, Table

from .. import fonts
from ..errors import GameError, problem
from ..model import Component, Game
from ..output import Artifact
from ..pdfdoc import new_canvas
from ..rules import doc
from ..rules.blocks import read
from ..rules.words import span
from ..units import INCH, MM, PAPERS
from . import aidcards, figures, pages
from .flow import Flow, FlowOptions
from .styles import Styles, load, table_style

rl_config.invariant = 1

BOOKLET = "rules-booklet.pdf"
MAX_HANDOUT_PAGES = 2  # one sheet, both sides


def make(game: Game, folder: Path, options) -> list[Artifact]:
    if game.rules is None:
        return []
    rules = read(game)
    styles = load()
    painter = figures.CardPainter(game)
    book = Booklet(game, rules, styles, painter)
    options.progress(f"{game.id}: {BOOKLET}")
    laid = book.lay_out()
    count = len(laid)
    write_booklet(folder / BOOKLET, book, laid)
    artifacts = [Artifact(BOOKLET, "rules-booklet", "a5", count)]
    for paper in options.papers:
        name = f"rules-booklet-imposed-{paper}.pdf"
        options.progress(f"{game.id}: {name}")
        sides = write_imposed(folder / name, book, laid, paper)
        artifacts.append(Artifact(name, "rules-booklet-imposed", paper, sides))
    for paper in options.papers:
        name = f"handout-{paper}.pdf"
        options.progress(f"{game.id}: {name}")
        sheet = Handout(game, rules, styles, painter, paper)
        artifacts.append(Artifact(name, "handout", paper, sheet.write(folder / name)))
    return artifacts


# -- facts for the title page and the handout header ----------------------------------------

def size_text(component: Component) -> str:
    w, h = component.size.width, component.size.height

    def inches(v):
        return f"{v / INCH:.2f}".rstrip("0").rstrip(".")

    return f"{inches(w)} × {inches(h)} in, {w / MM:.0f} × {h / MM:.0f} mm"


def component_lines(game: Game) -> list[str]:
    """'54 Hero cards (3.5 × 2.5 in, 89 × 64 mm)' for each component."""
    out = []
    for c in game.components:
        count = len(c.cards)
        what = c.name
        out.append(f"{count} {what} ({size_text(c)})" if count else what)
    return out


def pick_cover_cards(game: Game) -> doc.CardsFigure | None:
    """Three cards spread through the first deck that has a front face."""
    for c in game.components:
        if c.kind == "deck" and c.cards and c.front:
            n = len(c.cards)
            picks = sorted({0, n // 2, n - 1}) if n >= 3 else list(range(n))
            return doc.CardsFigure(c.id, (tuple(c.cards[i].id for i in picks),))
    return None


def handle_layout_error(game: Game, recorder: pages.Recorder, exc: Exception, what: str) -> GameError:
    del exc  # ReportLab's message names its own objects, not the rules
    return GameError(problem(game.rules, recorder.last_line,
                             f"{what}: this part of the rules does not fit on one page or column "
                             "(a box, table or figure cannot be split); break it up"))


# -- the booklet ------------------------------------------------------------------------------

class Booklet:
    def __init__(self, game: Game, rules: doc.RulesDoc, styles: Styles, painter: figures.CardPainter):
        self.game = game
        self.rules = rules
        self.styles = styles
        self.painter = painter
        self.page = styles.size("booklet", "page")
        self.inner = styles.length("booklet", "margin_inner")
        self.outer = styles.length("booklet", "margin_outer")
        self.top = styles.length("booklet", "margin_top")
        self.bottom = styles.length("booklet", "margin_bottom")
        self.flow = Flow(game, styles, painter, FlowOptions(
            card_long_side=styles.length("booklet", "card_width"), wheel_size=styles.length("booklet", "wheel"),
            chapter_room=styles.length("booklet", "h1_room")))
        self.text_width = self.page[0] - self.inner - self.outer

    def frame(self, right_hand: bool) -> tuple[float, float, float, float]:
        left = self.inner if right_hand else self.outer
        return (left, self.bottom, self.text_width, self.page[1] - self.top - self.bottom)

    def lay_out(self) -> list[pages.Page]:
        """The booklet's pages: title, rules, notes pages to a multiple of 4 (before the back
        cover, when the rules have one)."""
        laid = self._lay_out(0)
        if any(isinstance(b, doc.BackCover) for b in self.rules.blocks) and len(laid) % 4:
            # Again, with the notes pages before the back cover, so it ends the booklet.
            laid = self._lay_out(-len(laid) % 4)
        for page in laid:
            if page.placements and all(isinstance(p.flowable, NotesMark) for p in page.placements):
                page.kind = "notes"
        while len(laid) % 4:
            laid.append(pages.Page("notes"))
        return laid

    def _lay_out(self, notes_before_back: int) -> list[pages.Page]:
        recorder = pages.Recorder()
        templates = [
            pages.template(recorder, "title", [self.frame(True)], self.page, "left"),
            pages.template(recorder, "left", [self.frame(False)], self.page, "right"),
            pages.template(recorder, "right", [self.frame(True)], self.page, "left"),
        ]
        story = self.title_story() + [NextPageTemplate("left"), PageBreak()] + self.body_story(notes_before_back)
        try:
            return pages.lay_out(story, self.page, templates, recorder)
        except pages.LayoutError as exc:
            raise handle_layout_error(self.game, recorder, exc, "booklet") from None

    def body_story(self, notes_before_back: int = 0) -> list:
        """The rules; runs of aids become rows of the very aid cards the players get."""
        out: list = []
        blocks = list(self.rules.blocks)
        i = 0
        while i < len(blocks):
            start = i
            while i < len(blocks) and not isinstance(blocks[i], (doc.Aid, doc.BackCover)):
                i += 1
            out.extend(self.flow.flowables(blocks[start:i], self.text_width))
            if i < len(blocks) and isinstance(blocks[i], doc.BackCover):
                out.append(PageBreak())
                for _ in range(notes_before_back):
                    out += [NotesMark(), PageBreak()]
                i += 1
                continue
            run = []
            while i < len(blocks) and isinstance(blocks[i], doc.Aid):
                run.append(blocks[i])
                i += 1
            if run:
                size = aidcards.card_size(self.game, self.rules.aids, self.styles)
                for k in range(0, len(run), 2):
                    row = AidCardRow([aidcards.card_front(self.game, aid, self.styles, size)
                                      for aid in run[k:k + 2]], self.styles.color("line"))
                    row.rules_line = run[k].line
                    out.append(row)
        return out

    def title_story(self) -> list:
        st, game = self.styles, self.game
        title = st.paragraph("title", alignment=TA_CENTER)
        tagline = st.paragraph("tagline", alignment=TA_CENTER)
        out: list = [Spacer(1, 16 * MM), Paragraph(escape(game.title), title)]
        if game.tagline:
            out += [Spacer(1, 3 * MM), Paragraph(escape(game.tagline), tagline)]
        cover = pick_cover_cards(game)
        if cover:
            out += [Spacer(1, 12 * MM), self.flow.figure(cover), Spacer(1, 12 * MM)]
        out.append(facts_table(st, game, self.text_width, scale=1.0))
        box = st.paragraph("inbox", st.text("body"), alignment=TA_CENTER, spaceBefore=8 * MM)
        lines = "<br/>".join(escape(line) for line in component_lines(game))
        out.append(Paragraph(f"<b>In the box</b><br/>{lines}", box))
        return out

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, canvas, laid: list[pages.Page], number: int) -> None:
        """Draw page `number` (1-based) at the origin."""
        page = laid[number - 1]
        if page.kind == "notes":
            self.notes_page(canvas, number)
        else:
            pages.draw_page(canvas, page)
        if page.kind == "title":
            self.credits(canvas)
        else:
            self.footer(canvas, number)

    def footer(self, canvas, number: int) -> None:
        """Page number at the outer corner, the game's title beside it, a rule above."""
        st = self.styles
        t = st.text("footer")
        y = st.length("booklet", "footer_offset")
        right_hand = number % 2 == 1
        left = self.frame(right_hand)[0]
        right = left + self.text_width
        canvas.saveState()
        canvas.setFillColor(t.color)
        canvas.setFont(fonts.pdf_name(t.font), t.size)
        if right_hand:
            canvas.drawRightString(right, y, str(number))
            canvas.setFont(fonts.pdf_name("body-italic"), t.size)
            canvas.drawRightString(right - 6 * MM, y, self.game.title)
        else:
            canvas.drawString(left, y, str(number))
            canvas.setFont(fonts.pdf_name("body-italic"), t.size)
            canvas.drawString(left + 6 * MM, y, self.game.title)
        canvas.setStrokeColor(st.color("line"))
        canvas.setLineWidth(0.5)
        rule_y = y + t.size * 1.3
        canvas.line(left, rule_y, right, rule_y)
        canvas.restoreState()

    def credits(self, canvas) -> None:
        if not self.game.credits:
            return
        st = self.styles
        style = st.paragraph("credits", st.text("caption"), alignment=TA_CENTER)
        text = "<br/>".join(escape(c) for c in self.game.credits)
        para = Paragraph(text, style)
        para.wrap(self.text_width, self.page[1])
        para.drawOn(canvas, self.inner, self.bottom)

    def notes_page(self, canvas, number: int) -> None:
        """A page for the players' notes: a heading and ruled lines, inside the margins."""
        st = self.styles
        h = st.text("h2")
        left, bottom, width, height = self.frame(number % 2 == 1)
        top = bottom + height
        canvas.saveState()
        canvas.setFillColor(h.color)
        canvas.setFont(fonts.pdf_name(h.font), h.size)
        canvas.drawString(left, top - h.size, st.value("booklet", "notes_title"))
        canvas.setStrokeColor(st.color("line"))
        canvas.setLineWidth(0.4)
        gap = st.length("booklet", "notes_line_gap")
        y = top - h.size - gap
        while y > bottom:
            canvas.line(left, y, left + width, y)
            y -= gap
        canvas.restoreState()


class NotesMark(Flowable):
    """Marks the page it lands on as a notes page (drawn with ruled lines)."""

    def wrap(self, availWidth, availHeight):
        return 0, 0

    def draw(self):
        pass


class AidCardRow(Flowable):
    """Aid cards side by side, as printed on the reference cut sheets, scaled to the width."""

    GAP = 4 * MM

    def __init__(self, faces: list, border: str):
        super().__init__()
        self.faces = faces
        self.border = border
        self.spaceAfter = 4 * MM

    def wrap(self, availWidth, availHeight):
        first = self.faces[0]
        tw, th = first.width - 2 * first.bleed, first.height - 2 * first.bleed
        slots = max(2, len(self.faces))
        self.scale = min(1.0, (availWidth - (slots - 1) * self.GAP) / (slots * tw))
        self.width = availWidth
        self.height = th * self.scale
        self.card_w = tw * self.scale
        return self.width, self.height

    def draw(self):
        n = len(self.faces)
        total = n * self.card_w + (n - 1) * self.GAP
        x = (self.width - total) / 2
        for face in self.faces:
            figures.draw_face(self.canv, face, x, 0, self.scale, self.border)
            x += self.card_w + self.GAP


def facts_table(st: Styles, game: Game, width: float, scale: float) -> Table:
    """Players | Time | Cards, big numbers over small labels."""
    big = st.paragraph("fact", st.text("h1").scaled(scale), alignment=TA_CENTER, spaceBefore=0, spaceAfter=0)
    small = st.paragraph("fact-label", st.text("caption").scaled(scale), alignment=TA_CENTER, spaceAfter=0)
    cards = sum(len(c.cards) for c in game.components if c.kind == "deck")
    facts = [(span(game.players), "players"), (span(game.minutes), "minutes")]
    if cards:
        facts.append((str(cards), "cards"))
    cells = [[Paragraph(escape(v), big), Paragraph(escape(label), small)] for v, label in facts]
    table = Table([cells], colWidths=[width / len(cells)] * len(cells))
    table.setStyle(table_style([
        ("LINEABOVE", (0, 0), (-1, 0), 0.8, st.color("accent")),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, st.color("accent")),
        ("LINEAFTER", (0, 0), (-2, 0), 0.5, st.color("line")),
        ("TOPPADDING", (0, 0), (-1, -1), 6 * scale),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 6 * scale),
    ]))
    return table


def write_booklet(path: Path, book: Booklet, laid: list[pages.Page]) -> None:
    canvas = new_canvas(path, book.page, f"{book.game.title}: rules")
    for number in range(1, len(laid) + 1):
        book.draw(canvas, laid, number)
        canvas.showPage()
    canvas.save()


def landscape(paper: str) -> tuple[float, float]:
    w, h = PAPERS[paper]
    return (max(w, h), min(w, h))


def write_imposed(path: Path, book: Booklet, laid: list[pages.Page], paper: str) -> int:
    sheet = landscape(paper)
    imp = pages.imposition(book.page, sheet)
    canvas = new_canvas(path, sheet, f"{book.game.title}: rules booklet, imposed for saddle stitching")
    sides = pages.impose(canvas, imp, book.page, len(laid), lambda c, n: book.draw(c, laid, n),
                         fold_mark=book.styles.length("imposition", "fold_mark"),
                         mark_color=book.styles.color("muted"))
    canvas.save()
    return sides


# -- the handout ------------------------------------------------------------------------------

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


@dataclass(frozen=True)
class HandoutFit:
    body_size: float
    pages: list
    overflow: float  # points of column beyond the sheet (0 when it fits)


class Handout:
    """The rules on one sheet, both sides, in columns; text shrinks to fit down to the floor."""

    def __init__(self, game: Game, rules: doc.RulesDoc, styles: Styles, painter: figures.CardPainter,
                 paper: str):
        self.game, self.rules, self.styles, self.painter = game, rules, styles, painter
        self.paper = paper
        self.page = PAPERS[paper]
        self.margin = styles.length("handout", "margin")
        self.columns = int(styles.value("handout", "columns"))
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
            keep_figure_intro=False))
        floor = float(st.value("handout", "min_body_size"))
        for name in ("table", "caption"):  # smaller styles never drop below the floor either
            if flow.text[name].size < floor:
                flow.text[name] = st.text(name).scaled(floor / st.text(name).size)
                flow.ps[name] = st.paragraph(name, flow.text[name], alignment=flow.ps[name].alignment)
        recorder = pages.Recorder()
        templates = [pages.template(recorder, "first", self.frames(True), self.page, "later"),
                     pages.template(recorder, "later", self.frames(False), self.page, "later")]
        story = flow.flowables(handout_blocks(self.rules.blocks), self.col_w)
        try:
            laid = pages.lay_out(story, self.page, templates, recorder)
        except pages.LayoutError as exc:
            raise handle_layout_error(self.game, recorder, exc, f"handout ({self.paper})") from None
        return HandoutFit(body_size, laid, self.overflow(laid))

    def overflow(self, laid: list[pages.Page]) -> float:
        """How much column the pages past the sheet use, in points."""
        total = 0.0
        for page in laid[MAX_HANDOUT_PAGES:]:
            frames = self.frames(False)
            for x, y, w, h in frames:
                placed = [p for p in page.placements if x - 1 <= p.x < x + w]
                if placed:
                    total += (y + h) - min(p.y for p in placed)
        return total

    def fit(self) -> HandoutFit:
        """The largest body size, from the styles' start down to the floor in steps, at which
        the rules fit the sheet."""
        st = self.styles
        start = float(st.value("handout", "body_size"))
        floor = float(st.value("handout", "min_body_size"))
        step = float(st.value("handout", "step"))
        sizes = [round(start - i * step, 3) for i in range(int((start - floor) / step + 1e-9) + 1)]
        for size in sizes:  # largest first; page breaks make the fit uneven, so try each in turn
            fit = self.attempt(size)
            if len(fit.pages) <= MAX_HANDOUT_PAGES:
                return fit
        leading = st.text("body").scaled(floor / st.text("body").size).leading
        raise GameError(problem(
            self.game.rules, None,
            f"the rules do not fit the {self.paper} handout (one sheet, both sides) even with "
            f"{floor:g} pt body text: they need {len(fit.pages)} pages, about "
            f"{fit.overflow / MM:.0f} mm of column (some {fit.overflow / leading:.0f} lines) too long"))

    def write(self, path: Path) -> int:
        fit = self.fit()
        canvas = new_canvas(path, self.page, f"{self.game.title}: rules handout")
        for number, page in enumerate(fit.pages, start=1):
            if number == 1:
                self.draw_header(canvas, fit.body_size)
            pages.draw_page(canvas, page)
            self.draw_footer(canvas, number, len(fit.pages))
            canvas.showPage()
        canvas.save()
        return len(fit.pages)

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
        facts = [f"{span(game.players)} players", f"{span(game.minutes)} minutes", *component_lines(game)]
        canvas.setFillColor(st.color("ink"))
        canvas.setFont(fonts.pdf_name("body"), 9)
        canvas.drawString(self.margin, top - title.size - 10, "  ·  ".join(facts))
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
        side = f"side {number} of {count}" + (" — please turn over" if number < count else "")
        canvas.drawString(self.margin, self.margin, f"{game.title} · rules handout · {side}")
        if number == count and game.credits:
            canvas.drawRightString(w - self.margin, self.margin, " · ".join(game.credits))
        canvas.restoreState()
