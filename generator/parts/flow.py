"""Blocks (doc.py) → ReportLab Platypus flowables, in the shared styles.

One Flow serves the booklet and the handout: the handout passes smaller text (a scale) and
narrower figures. Every flowable carries `rules_line`, so a layout failure can name its line.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.platypus import CondPageBreak, Flowable, HRFlowable, PageBreak, Spacer, Table, TableStyle

from ..text import fonts
from ..model import Game
from .. import doc
from . import figures
from .example_box import WorkedExample
from .markup import markup
from .paragraph import Paragraph
from .styles import Styles

ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}
EXAMPLE_CARD_SCALE = 0.6  # cards in a worked example, against those of a figure
NARRATIVE_EMS = 10  # the narrowest a worked example's story may be beside its cards; else it goes under them
FLOATS = (doc.FigureBlock, doc.Example, doc.Box, doc.Aid)  # blocks that cannot split like text


def table_style(commands: list):
    """A TableStyle that names the body font: Table sets a cell's font even for flowable
    cells, and its default is Helvetica. (Here, not in styles.py: the cards and aids read the
    styles without loading Platypus.)"""
    return TableStyle([("FONTNAME", (0, 0), (-1, -1), fonts.pdf_name("body"))] + list(commands))


@dataclass(frozen=True)
class FlowOptions:
    scale: float = 1.0  # text size relative to the styles
    card_long_side: float = 96.0  # pt: long side of a card in a figure
    wheel_size: float = 150.0
    aids: bool = True  # print aids as boxed summaries (the booklet does; the handout does not)
    page_breaks: bool = True
    chapter_room: float = 0.0  # a chapter (# heading) lower on the page than this starts a new page
    keep_figure_intro: bool = True  # a short paragraph before a figure stays on its page
    figure_height: float | None = None  # the tallest a sized image may be (room left for a caption)


class Flow:
    def __init__(self, game: Game, styles: Styles, painter: figures.CardPainter, options: FlowOptions):
        self.game = game
        self.styles = styles
        self.painter = painter
        self.options = options
        s = options.scale
        self.text = {name: styles.text(name).scaled(s)
                     for name in ("body", "h1", "h2", "h3", "caption", "table")}
        self.ps = {name: styles.paragraph(name, t) for name, t in self.text.items()}
        for name in ("h1", "h2", "h3"):
            self.ps[name].keepWithNext = 1
        self.ps["box-title"] = styles.paragraph("box-title", self.text["h3"], spaceBefore=0,
                                                textColor=styles.color("accent"))
        self.ps["caption"].alignment = TA_CENTER
        self.color = {k: styles.color(k) for k in styles.raw["colors"]}
        self.list_indent = styles.length("spacing", "list_indent") * s
        self.bullet_indent = styles.length("spacing", "bullet_indent") * s
        self.pad = styles.length("spacing", "box_padding") * s
        self.gap = styles.length("spacing", "figure_gap") * s

    # -- blocks ---------------------------------------------------------------------------
    def flowables(self, blocks, width: float) -> list:
        out: list = []
        blocks = list(blocks)
        for i, block in enumerate(blocks):
            if isinstance(block, doc.Heading) and block.level == 1 and self.options.chapter_room:
                out.append(CondPageBreak(self.options.chapter_room))
            made = self.block(block, width)
            for f in made:
                f.rules_line = block.line
                f.floats = isinstance(block, FLOATS)  # placed by floats.py's rule in the booklet
            nxt = blocks[i + 1] if i + 1 < len(blocks) else None
            if self.options.keep_figure_intro and made and isinstance(block, doc.Paragraph):
                self._keep_intro(block, nxt, made[-1])
            out.extend(made)
        return out

    @staticmethod
    def _keep_intro(block: doc.Paragraph, nxt, made) -> None:
        """A short paragraph that introduces a figure stays on the figure's page; one that
        ends in ':' stays with the figure or box it introduces (floats.py)."""
        text = doc.plain(block.runs).rstrip()
        if isinstance(nxt, FLOATS) and text.endswith(":"):
            made.keepWithNext = 1
            made.introduces = True
        elif isinstance(nxt, doc.FigureBlock) and len(text) < 400:
            made.keepWithNext = 1

    def block(self, block, width: float) -> list:
        if isinstance(block, doc.Heading):
            heading = Paragraph(markup(block.runs, self.ps[f"h{block.level}"], self.game.icons), self.ps[f"h{block.level}"])
            heading.heading = (block.level, doc.plain(block.runs))  # for a contents page
            return [heading]
        if isinstance(block, doc.Paragraph):
            return [Paragraph(markup(block.runs, self.ps["body"], self.game.icons), self.ps["body"])]
        if isinstance(block, doc.ListBlock):
            return self.list_block(block, width, 0)
        if isinstance(block, doc.Table):
            return [self.table(block, width)]
        if isinstance(block, doc.Box):
            return [self.box(block.blocks, width)]
        if isinstance(block, doc.Aid):
            return [self.box(block.blocks, width, title=block.title)] if self.options.aids else []
        if isinstance(block, doc.FigureBlock):
            return [self.figure_block(block, width)]
        if isinstance(block, doc.Example):
            return [self.example(block, width)]
        if isinstance(block, doc.Rule):
            return [HRFlowable(width="100%", thickness=0.6, color=self.color["line"], spaceBefore=4,
                               spaceAfter=8)]
        if isinstance(block, (doc.PageBreak, doc.BackCover)):
            return [PageBreak()] if self.options.page_breaks else []
        raise TypeError(block)

    def list_block(self, block: doc.ListBlock, width: float, depth: int) -> list:
        out = []
        indent = self.list_indent * (depth + 1)
        item_style = self.styles.paragraph(f"li{depth}", self.text["body"], leftIndent=indent,
                                           bulletIndent=self.bullet_indent + self.list_indent * depth,
                                           spaceAfter=self.text["body"].space_after * 0.45)
        for n, item in enumerate(block.items):
            bullet = f"{block.start + n}." if block.ordered else "•"
            first = True
            for inner in item:
                if isinstance(inner, doc.Paragraph):
                    out.append(Paragraph(markup(inner.runs, item_style, self.game.icons), item_style,
                                         bulletText=bullet if first else None))
                elif isinstance(inner, doc.ListBlock):
                    out.extend(self.list_block(inner, width, depth + 1))
                else:
                    made = self.block(inner, width - indent)
                    out.extend(_Indented(f, indent) for f in made)
                first = False
        if out:
            out[-1].spaceAfter = self.text["body"].space_after
        return out

    def table(self, block: doc.Table, width: float) -> Table:
        ps_cell = self.ps["table"]
        head = self.styles.paragraph("th", self.text["table"], textColor=self.color["paper"],
                                     fontName=fonts.pdf_name("body-bold"))
        pad = self.styles.value("spacing", "table_padding") * self.options.scale

        def para(runs, style, align):
            st = style.clone(style.name + align, alignment=ALIGN.get(align, TA_LEFT))
            return Paragraph(markup(runs, st, self.game.icons), st)

        data = [[para(c, head, a) for c, a in zip(block.header, block.aligns)]]
        data += [[para(c, ps_cell, a) for c, a in zip(row, block.aligns)] for row in block.rows]
        widths = self.column_widths(block, width, pad)
        table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
        style = [
            ("BACKGROUND", (0, 0), (-1, 0), self.color["accent"]),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), pad * 1.6),
            ("RIGHTPADDING", (0, 0), (-1, -1), pad * 1.6),
            ("TOPPADDING", (0, 0), (-1, -1), pad),
            ("BOTTOMPADDING", (0, 0), (-1, -1), pad * 1.2),
            ("LINEBELOW", (0, -1), (-1, -1), 0.8, self.color["accent"]),
        ]
        for r in range(2, len(data), 2):
            style.append(("BACKGROUND", (0, r), (-1, r), self.color["accent_soft"]))
        table.setStyle(table_style(style))
        table.spaceBefore = 2
        table.spaceAfter = self.text["body"].space_after + 3
        return table

    def column_widths(self, block: doc.Table, width: float, pad: float) -> list[float]:
        t = self.text["table"]
        extra = pad * 3.2 + 1

        def natural(runs, bold=False):
            return sum(fonts.string_width(r.text, "body-bold" if bold or r.bold else "body", t.size)
                       for r in runs) + extra

        def longest_word(runs):
            words = [w for r in runs for w in r.text.split()] or [""]
            return max(fonts.string_width(w, "body-bold", t.size) for w in words) + extra

        columns = list(zip(block.header, *block.rows))
        want = [max(natural(c, i == 0) for i, c in enumerate(col)) for col in columns]
        least = [max(longest_word(c) for c in col) for col in columns]
        if sum(want) <= width:
            return want
        # Give every column its longest word, then share the rest in proportion to need.
        spare = max(0.0, width - sum(least))
        need = [max(0.0, w - l) for w, l in zip(want, least)]
        total = sum(need) or 1
        return [l + spare * n / total for l, n in zip(least, need)]

    def box(self, blocks, width: float, title: str | None = None) -> Flowable:
        inner_w = width - 2 * self.pad
        content = []
        if title:
            content.append(Paragraph(markup((doc.Run(title),), self.ps["box-title"]), self.ps["box-title"]))
        blocks = list(blocks)
        if blocks and isinstance(blocks[0], doc.Paragraph) and blocks[0].runs \
                and all(r.bold for r in blocks[0].runs):  # > **Example: …** titles the box
            content.append(Paragraph(markup((doc.Run(doc.plain(blocks[0].runs)),), self.ps["box-title"]),
                                     self.ps["box-title"]))
            blocks = blocks[1:]
        content += self.flowables(blocks, inner_w)
        return self.framed(content, width, accent=bool(title))

    def example(self, block: doc.Example, width: float) -> Flowable:
        return WorkedExample(self, block, width)

    def example_box(self, block: doc.Example, width: float) -> Flowable:
        """A worked example: its title, then its cards, small, beside the narrative."""
        inner_w = width - 2 * self.pad
        content: list = [Paragraph(markup((doc.Run(block.title),), self.ps["box-title"]), self.ps["box-title"])] \
            if block.title else []
        if block.figure is None:
            return self.framed(content + self.flowables(block.blocks, inner_w), width, accent=False)
        cards = FigureFlowable(self, block.figure, self.options.card_long_side * EXAMPLE_CARD_SCALE)
        cards_w, _ = cards.wrap(inner_w * 0.55, 1e6)
        cards.widest = cards_w  # the table's wider cell must not grow the cards into the gap
        gap = self.pad
        if inner_w - cards_w - gap < NARRATIVE_EMS * self.text["body"].size:  # a handout's narrow column
            return self.framed(content + [cards, Spacer(1, gap)] + self.flowables(block.blocks, inner_w),
                               width, accent=False)
        side = Table([[cards, self.flowables(block.blocks, inner_w - cards_w - gap)]],
                     colWidths=[cards_w + gap, inner_w - cards_w - gap])
        side.setStyle(table_style([("VALIGN", (0, 0), (-1, -1), "TOP"),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                   ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
        cards.hAlign = "LEFT"
        return self.framed(content + [side], width, accent=False)

    def framed(self, content: list, width: float, accent: bool) -> Flowable:
        """Flowables in a rounded box: the accent colours for an aid, the quiet ones otherwise."""
        if content and hasattr(content[-1], "spaceAfter"):
            content[-1].spaceAfter = 0
        fill = self.color["accent_soft"] if accent else self.color["box_fill"]
        stroke = self.color["accent"] if accent else self.color["box_stroke"]
        table = Table([[content]], colWidths=[width],
                      cornerRadii=[self.styles.length("spacing", "box_radius")] * 4)
        table.setStyle(table_style([
            ("BACKGROUND", (0, 0), (-1, -1), fill),
            ("BOX", (0, 0), (-1, -1), 0.8, stroke),
            ("LEFTPADDING", (0, 0), (-1, -1), self.pad),
            ("RIGHTPADDING", (0, 0), (-1, -1), self.pad),
            ("TOPPADDING", (0, 0), (-1, -1), self.pad * 0.8),
            ("BOTTOMPADDING", (0, 0), (-1, -1), self.pad),
        ]))
        table.spaceBefore = 3
        table.spaceAfter = self.text["body"].space_after + 4
        return table

    # -- figures --------------------------------------------------------------------------
    @property
    def room(self) -> doc.FigureRoom:
        """What figures get here (read when drawn: the handout may change the caption size)."""
        return doc.FigureRoom(self.text["caption"].size * 1.05, self.options.wheel_size,
                              self.options.card_long_side * 0.22, self.color["accent_soft"],
                              self.color["accent"])

    def figure(self, figure: doc.Figure) -> "FigureFlowable":
        return FigureFlowable(self, figure)

    def figure_block(self, block: doc.FigureBlock, width: float) -> Flowable:
        cells = []
        for figure in block.figures:
            parts = [self.figure(figure)]
            caption = figure.caption or figure.explanation
            if caption:
                parts.append(Spacer(1, 3 * self.options.scale))
                parts.append(Paragraph(markup((doc.Run(caption),), self.ps["caption"]), self.ps["caption"]))
            cells.append(_Stack(parts))
        if len(cells) == 1:
            item = cells[0]
        else:
            item = Table([cells], colWidths=[width / len(cells)] * len(cells))
            item.setStyle(table_style([("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                                      ("LEFTPADDING", (0, 0), (-1, -1), 2),
                                      ("RIGHTPADDING", (0, 0), (-1, -1), 2)]))
        item.spaceBefore = 4 * self.options.scale
        item.spaceAfter = self.ps["caption"].spaceAfter
        return item


class _Stack(Flowable):
    """Flowables kept together, one under another, each centred (a figure and its caption)."""

    def __init__(self, parts: list):
        super().__init__()
        self.parts = parts

    def wrap(self, availWidth, availHeight):
        self.sizes = [p.wrapOn(self.canv, availWidth, availHeight) for p in self.parts]
        self.width = availWidth
        self.height = sum(h for _, h in self.sizes)
        return self.width, self.height

    def draw(self):
        y = self.height
        for part, (w, h) in zip(self.parts, self.sizes):
            y -= h
            part.drawOn(self.canv, (self.width - w) / 2 if isinstance(part, FigureFlowable) else 0, y)


class FigureFlowable(Flowable):
    """A figure, centred in the width it is given."""

    def __init__(self, flow: Flow, figure: doc.Figure, card_long_side: float | None = None):
        super().__init__()
        self.flow = flow
        self.figure = figure
        self.hAlign = "CENTER"
        self.card_long_side = card_long_side or flow.options.card_long_side
        self.widest: float | None = None  # set: laid out no wider than this, whatever the room

    def _measure(self, avail: float):
        f, flow = self.figure, self.flow
        if isinstance(f, doc.CardsFigure):
            layout = figures.cards_layout(
                f, flow.painter, self.card_long_side, flow.gap * 0.5, avail,
                flow.text["caption"].size,
                lambda s: fonts.string_width(s, "body-italic", flow.text["caption"].size))
            return layout.width, layout.height, layout
        if isinstance(f, doc.ImageFigure):
            w, h = figures.image_size(f)
            scale = min(1.0, avail / w, flow.options.card_long_side * 2.2 / h)
            if f.width or f.height or f.share:
                scale = _image_scale(f, w, h, avail, flow.options)
            return w * scale, h * scale, None
        w, h = f.measure(avail, flow.room)
        return w, h, avail

    def wrap(self, availWidth, availHeight):
        self.width, self.height, self._layout = self._measure(availWidth if self.widest is None
                                                              else min(availWidth, self.widest))
        return self.width, self.height

    def draw(self):
        f, flow, canvas = self.figure, self.flow, self.canv
        top = self.height
        if isinstance(f, doc.CardsFigure):
            figures.draw_ops(canvas, figures.cards_ops(f, flow.painter, self._layout, flow.color, "body-italic",
                                                       flow.text["caption"].size), 0, top)
        elif isinstance(f, doc.ImageFigure):
            figures.draw_image(canvas, f, 0, 0, self.width, self.height)
        else:
            figures.draw_ops(canvas, f.ops(self._layout, flow.room), 0, top)


def _image_scale(f: doc.ImageFigure, w: float, h: float, avail: float, options: FlowOptions) -> float:
    """A sized image's scale from its pixels: the size rules.md asks for (both sides: the
    largest that fits inside both, keeping its shape), shrunk with the text (the handout),
    then clamped to the column's width and the page's height: the same rules.md serves the
    booklet and the handout's narrower columns, so a size that is too big is not an error."""
    wanted = [avail * f.share / w] if f.share else []
    wanted += [f.width * options.scale / w] if f.width else []
    wanted += [f.height * options.scale / h] if f.height else []
    tallest = options.figure_height or options.card_long_side * 2.2
    return min(*wanted, avail / w, tallest / h)


class _Indented(Flowable):
    """Another flowable, shifted right (blocks inside list items)."""

    def __init__(self, inner: Flowable, indent: float):
        super().__init__()
        self.inner = inner
        self.indent = indent
        self.spaceBefore = getattr(inner, "spaceBefore", 0)
        self.spaceAfter = getattr(inner, "spaceAfter", 0)

    def wrap(self, availWidth, availHeight):
        w, h = self.inner.wrapOn(self.canv, availWidth - self.indent, availHeight)
        self.width, self.height = w + self.indent, h
        return self.width, self.height

    def draw(self):
        self.inner.drawOn(self.canv, self.indent, 0)


__all__ = ["Flow", "FlowOptions", "FigureFlowable", "markup"]

