"""The 'rules' part: the rules booklet (A5, reading order), the same booklet imposed for
saddle stitching on landscape Letter / A4, and the one-sheet handout (handout.py) where the
game asks for it or it fits (game.toml `handout`): long rules never stop the booklet.

    rules.md ─read─▶ RulesDoc ─Flow─▶ flowables ─lay_out─▶ pages (recorded) ─▶ booklet PDF
                                                                           └─▶ imposed PDFs
                                      flowables (smaller) ─lay_out─▶ ≤ 2 pages ─▶ handout PDFs

Page 1 is a title page made from game.toml (title, tagline, a few real cards, players, time,
what is in the box, credits); the rules follow; notes pages pad the booklet to a multiple
of 4, or, where that takes two or more, a contents page after the title takes the place of
one (contents.py). Imposition replays the recorded A5 pages (see pages.py), so both PDFs show the same
pages and each embeds its own font subsets.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER
from reportlab.platypus import Flowable, NextPageTemplate, PageBreak, Paragraph, Spacer, Table

from ..text import fonts, icons
from ..text.catalogue import word
from ..model import Game
from ..artifacts import Artifact
from .pdfdoc import new_canvas
from .replays import Replays
from .. import doc
from ..words import span
from ..units import MM, paper_size
from . import aidcards, figures, pages
from .contents import ContentsMark, headings
from .facts import component_lines
from .floats import FloatingDoc
from .flow import Flow, FlowOptions, table_style
from .handout import file_name as handout_name
from .markup import plain_markup
from .styles import Styles

BOOKLET = "rules-booklet.pdf"


@dataclass(frozen=True)
class Laid:
    """A booklet laid out: the pages it draws, and the Booklet that draws them."""
    book: "Booklet"
    pages: list


def lay_out_booklet(game: Game, rules: doc.RulesDoc, styles: Styles, painter: figures.CardPainter,
                    aid_size: float | None = None, hint=None) -> Laid:
    """aid_size: the aid cards' text size, measured (None: measured here); hint: what an
    earlier layout of the same inputs chose (Booklet.decision), tried first."""
    book = Booklet(game, rules, styles, painter, aid_size)
    return Laid(book, book.lay_out(hint))


def make(plan, folder: Path, options) -> list[Artifact]:
    """The booklet and handouts validate laid out (plan.booklet, plan.handouts), drawn."""
    game, laid = plan.game, plan.booklet
    if laid is None:
        return []
    options.progress(f"{game.id}: {BOOKLET}")
    _write(plan, folder / BOOKLET, lambda path: write_booklet(path, laid.book, laid.pages))
    artifacts = [Artifact(BOOKLET, "rules-booklet", "a5", len(laid.pages))]
    replays = Replays() if len(options.papers) > 1 else None  # the pages drawn on one paper, for the next
    for paper in options.papers:
        name = f"rules-booklet-imposed-{paper}.pdf"
        options.progress(f"{game.id}: {name}")
        sides = write_imposed(folder / name, laid.book, laid.pages, paper, replays)
        artifacts.append(Artifact(name, "rules-booklet-imposed", paper, sides))
    for paper in options.papers:  # validate printed the note on those left out
        if paper in plan.handouts:
            sheet, fit = plan.handouts[paper]
            name = handout_name(paper)
            options.progress(f"{game.id}: {name}")
            _write(plan, folder / name, lambda path: sheet.write(path, fit))
            artifacts.append(Artifact(name, "handout", paper, len(fit.pages)))
    return artifacts


def _write(plan, path: Path, draw) -> None:
    """The canvas validate drew for path's name to measure its text, saved (plan.drawn);
    else draw(path): the same bytes either way."""
    if path.name in plan.drawn:
        path.write_bytes(plan.drawn[path.name].getpdfdata())
    else:
        draw(path)


def _sound(hint) -> bool:
    """A booklet decision as lay_out records it, read back from the cache (data, checked)."""
    return (isinstance(hint, dict) and set(hint) == {"contents", "before"} and isinstance(hint["contents"], bool)
            and type(hint["before"]) is int and 0 <= hint["before"] < 4)


# -- the booklet ------------------------------------------------------------------------------

class Booklet:
    def __init__(self, game: Game, rules: doc.RulesDoc, styles: Styles, painter: figures.CardPainter,
                 aid_size: float | None = None):
        self.game = game
        self.aid_size = aid_size
        self.decision: dict = {}  # what lay_out chose: a contents page, notes pages before the back cover
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
            chapter_room=styles.length("booklet", "h1_room"),
            figure_height=0.8 * (self.page[1] - self.top - self.bottom)))  # the rest: the caption
        self.text_width = self.page[0] - self.inner - self.outer

    def frame(self, right_hand: bool) -> tuple[float, float, float, float]:
        left = self.inner if right_hand else self.outer
        return (left, self.bottom, self.text_width, self.page[1] - self.top - self.bottom)

    def lay_out(self, hint=None) -> list[pages.Page]:
        """The booklet's pages: title, rules, notes pages to a multiple of 4 (before the back
        cover, when the rules have one). Where that takes two notes pages or more, a contents
        page after the title takes the place of one (contents.py). hint: the decision of an
        earlier layout of the same inputs ({"contents": bool, "before": notes pages before
        the back cover}), laid out once instead of searched for."""
        if _sound(hint):
            mark = self._contents_mark() if hint["contents"] else None
            with icons.noting_sides({}) as sides:  # a hint that fails leaves no trace (the low-dpi warning)
                laid, _ = self._padded(mark, hint["before"])
            if mark is None or mark.fill(headings(laid)):
                icons.note_sides(sides)
                self.decision = hint
                return laid
        laid, before = self._padded(None)
        self.decision = {"contents": False, "before": before}
        if sum(page.kind == "notes" for page in laid) >= 2:
            mark = self._contents_mark()
            with_contents, before = self._padded(mark)
            if len(with_contents) == len(laid) and mark.fill(headings(with_contents)):
                self.decision = {"contents": True, "before": before}
                return with_contents
        return laid

    def _contents_mark(self) -> ContentsMark:
        return ContentsMark(self.styles, self.text_width, self.frame(True)[3], self.game.edition)

    def _padded(self, contents: "ContentsMark | None", before: int | None = None) -> tuple[list[pages.Page], int]:
        """The rules laid out, with a contents page or not, notes pages to a multiple of 4;
        and how many notes pages went before the back cover (`before`, given: that many)."""
        laid = self._lay_out(before or 0, contents)
        if before is None:
            before = 0
            if any(isinstance(b, doc.BackCover) for b in self.rules.blocks) and len(laid) % 4:
                # Again, with the notes pages before the back cover, so it ends the booklet.
                before = -len(laid) % 4
                laid = self._lay_out(before, contents)
        for page in laid:
            if page.placements and all(isinstance(p.flowable, NotesMark) for p in page.placements):
                page.kind = "notes"
        while len(laid) % 4:
            laid.append(pages.Page("notes"))
        return laid, before

    def _lay_out(self, notes_before_back: int, contents: "ContentsMark | None") -> list[pages.Page]:
        recorder = pages.Recorder()
        templates = [
            pages.template(recorder, "title", [self.frame(True)], self.page, "left"),
            pages.template(recorder, "left", [self.frame(False)], self.page, "right"),
            pages.template(recorder, "right", [self.frame(True)], self.page, "left"),
        ]
        story = self.title_story() + [NextPageTemplate("left"), PageBreak()]
        story += ([contents, PageBreak()] if contents else []) + self.body_story(notes_before_back)
        try:
            return pages.lay_out(story, self.page, templates, recorder, FloatingDoc)
        except pages.LayoutError as exc:
            raise pages.handle_layout_error(self.game, recorder, exc, "booklet") from None

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
                size = self.aid_size or aidcards.card_size(self.game, self.rules.aids, self.styles)
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
        out: list = [Spacer(1, 16 * MM), Paragraph(plain_markup(game.title, title), title)]
        if game.tagline:
            out += [Spacer(1, 3 * MM), Paragraph(plain_markup(game.tagline, tagline), tagline)]
        cover = figures.pick_cover_cards(game)
        if cover:
            out += [Spacer(1, 12 * MM), self.flow.figure(cover), Spacer(1, 12 * MM)]
        out.append(facts_table(st, game, self.text_width, scale=1.0))
        box = st.paragraph("inbox", st.text("body"), alignment=TA_CENTER, spaceBefore=8 * MM)
        lines = "<br/>".join(plain_markup(line, box) for line in component_lines(game))
        out.append(Paragraph(f"<b>{plain_markup(word('In the box', game.edition), box)}</b><br/>{lines}", box))
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
        text = "<br/>".join(plain_markup(c, style) for c in self.game.credits)
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
        canvas.drawString(left, top - h.size, word(st.value("booklet", "notes_title"), self.game.edition))
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
        ops = []
        for face in self.faces:
            ops += figures.card_face_ops(face, x, 0, self.scale, self.border)
            x += self.card_w + self.GAP
        figures.draw_ops(self.canv, ops, 0, self.height)


def facts_table(st: Styles, game: Game, width: float, scale: float) -> Table:
    """Players | Time | Cards, big numbers over small labels."""
    big = st.paragraph("fact", st.text("h1").scaled(scale), alignment=TA_CENTER, spaceBefore=0, spaceAfter=0)
    small = st.paragraph("fact-label", st.text("caption").scaled(scale), alignment=TA_CENTER, spaceAfter=0)
    cards = sum(c.count for c in game.components if c.kind == "deck")  # copies included
    facts = [(span(game.players), word("players", game.edition)), (span(game.minutes), word("minutes", game.edition))]
    if cards:
        facts.append((str(cards), word("cards", game.edition)))
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
    draw_booklet(path, book, laid).save()


def draw_booklet(target, book: Booklet, laid: list[pages.Page], kind=None):
    """The booklet drawn, page after page, on a canvas not saved yet (new_canvas's target
    and kind: validate draws it on one that notes its text sizes, and the build saves that)."""
    canvas = new_canvas(target, book.page, f"{book.game.title}: {word('rules', book.game.edition)}", book.game,
                        kind=kind)
    for number in range(1, len(laid) + 1):
        book.draw(canvas, laid, number)
        canvas.showPage()
    return canvas


def landscape(paper: str) -> tuple[float, float]:
    w, h = paper_size(paper)
    return (max(w, h), min(w, h))


def write_imposed(path: Path, book: Booklet, laid: list[pages.Page], paper: str, replays: Replays | None = None) -> int:
    """The booklet's pages two to a side of `paper`, for saddle stitching. replays: the pages
    another paper's imposition of this build drew, to replay (replays.py)."""
    sheet = landscape(paper)
    imp = pages.imposition(book.page, sheet)
    what = word("rules booklet, imposed for saddle stitching", book.game.edition)
    canvas = new_canvas(path, sheet, f"{book.game.title}: {what}", book.game)

    def draw(c, number: int) -> None:
        if replays is None:
            book.draw(c, laid, number)
        else:
            replays.draw(c, ("booklet page", id(laid), number), lambda: book.draw(c, laid, number), laid)

    sides = pages.impose(canvas, imp, book.page, len(laid), draw,
                         fold_mark=book.styles.length("imposition", "fold_mark"),
                         mark_color=book.styles.color("muted"))
    canvas.save()
    return sides
