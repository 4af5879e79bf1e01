"""rules.md, stage 2: the Markdown that Jinja2 produced → blocks (doc.py).

Supported: headings (# to ###; deeper ones read as ###), paragraphs, *emphasis*,
**strong**, `code` (printed bold), links (text, then the address in brackets), bulleted and
numbered lists (nested), tables, blockquotes (a boxed example: start it with a bold
**Example** line), horizontal rules, images standing alone in a paragraph (a PNG or JPEG
inside the game folder; the title, as in ![alt](map.png "The map"), is the caption; a size may
follow, ![alt](map.png){width=40mm}: imagesize.py), and
the embeds of the template helpers (figures, aids, page breaks).

Anything else — raw HTML, code blocks — is an error naming its line in rules.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

from ..text import fonts
from ..files import MISSING, OUTSIDE, absent, game_file
from ..errors import GameError, problem
from ..text.icons import lookup
from ..images import image_fault
from ..text.richtext import ICON_NAME
from .. import doc
from . import imagesize
from .marks import split_marks
from .template import EMBED_TOKEN, render

IMAGE_TYPES = (".png", ".jpg", ".jpeg")
ICON = re.compile(rf":({ICON_NAME}):")
ESCAPED_COLON = "\ue0ff"  # stands for '\\:' while Markdown parses (private use: never in real text)


@dataclass(frozen=True)
class _EmbedRef:
    index: int


MAX_DEPTH = {"blockquote": 3, "list": 5}  # nesting that still leaves the text room in a column
MAX_HEADING = 120  # characters


def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": True}).enable("table")


class _Parser:
    def __init__(self, path: Path, root: Path, embeds: list, lines: list[int], text_lines: list[str],
                 nested_aids: bool):
        self.path = path
        self.root = root
        self.embeds = embeds
        self.lines = lines  # source line of each line of the Markdown
        self.text_lines = text_lines
        self.in_aid = nested_aids
        self.aids: list[doc.Aid] = []

    # -- errors ---------------------------------------------------------------------------
    def line(self, token: Token | None, needle: str | None = None) -> int | None:
        if token is None or token.map is None:
            return self.lines[0] if self.lines else None
        start, end = token.map
        if needle:
            for i in range(start, min(end, len(self.text_lines))):
                if needle in self.text_lines[i]:
                    return self.lines[i]
        return self.lines[min(start, len(self.lines) - 1)]

    def fail(self, token: Token | None, message: str, needle: str | None = None):
        raise GameError(problem(self.path, self.line(token, needle), message))

    def check_depth(self, tokens: list[Token]) -> None:
        """Boxes in boxes and lists in lists each take width from the column: past a few
        levels nothing is left for the text (and a hostile file nests thousands deep)."""
        depth = {"blockquote": 0, "list": 0}
        for t in tokens:
            kind = "blockquote" if t.type.startswith("blockquote_") else \
                "list" if t.type.endswith(("_list_open", "_list_close")) else None
            if kind and t.nesting:
                depth[kind] += t.nesting
                if depth[kind] > MAX_DEPTH[kind]:
                    what = "boxes (> quotes)" if kind == "blockquote" else "lists"
                    self.fail(t, f"{what} nested {depth[kind]} deep; rules may nest them "
                                 f"{MAX_DEPTH[kind]} deep at most")

    # -- blocks ---------------------------------------------------------------------------
    def blocks(self, tokens: list[Token], i: int, close: str | None, top: bool) -> tuple[list, int]:
        out: list = []
        while i < len(tokens):
            t = tokens[i]
            if close and t.type == close:
                return out, i + 1
            kind = t.type
            if kind == "heading_open":
                runs = self.runs(tokens[i + 1], t)
                if len(doc.plain(runs)) > MAX_HEADING:  # a heading never splits: it must fit a line or two
                    self.fail(t, f"a heading of {len(doc.plain(runs))} characters; headings hold at most "
                                 f"{MAX_HEADING}")
                out.append(doc.Heading(min(int(t.tag[1]), 3), runs, self.line(t)))
                i += 3
            elif kind == "paragraph_open":
                out.extend(self.paragraph(tokens[i + 1], t, top))
                i += 3
            elif kind in ("bullet_list_open", "ordered_list_open"):
                block, i = self.list_block(tokens, i)
                out.append(block)
            elif kind == "blockquote_open":
                inner, i = self.blocks(tokens, i + 1, "blockquote_close", False)
                out.append(doc.Box(tuple(inner), self.line(t)))
            elif kind == "table_open":
                block, i = self.table(tokens, i)
                out.append(block)
            elif kind == "hr":
                out.append(doc.Rule(self.line(t)))
                i += 1
            elif kind == "html_block":
                self.fail(t, "raw HTML is not supported in rules; use Markdown")
            elif kind in ("code_block", "fence"):
                self.fail(t, "code blocks are not supported in rules (an indented line reads as code); "
                             "for a boxed example use a blockquote: > **Example** …")
            else:
                self.fail(t, f"unsupported Markdown ({kind})")
        return out, i

    def paragraph(self, inline: Token, opener: Token, top: bool) -> list:
        items = self.inline_items(inline, opener)
        refs = [x for x in items if isinstance(x, (_EmbedRef, doc.ImageFigure))]
        text = "".join(x.text for x in items if isinstance(x, doc.Run)).strip()
        if not refs:
            return [doc.Paragraph(_tidy(items), self.line(opener))]
        if text:
            self.fail(opener, "a figure, aid or page break must stand in a paragraph of its own "
                              "(leave an empty line before and after it)")
        line = self.line(opener)
        figures, out = [], []
        for ref in refs:
            item = ref if isinstance(ref, doc.ImageFigure) else self.embeds[ref.index]
            if isinstance(item, doc.AidSource):
                if not top or self.in_aid:
                    self.fail(opener, "aid() must stand at the top level of the rules, "
                                      "not inside a list, box or another aid")
                aid = self.aid(item, line)
                self.aids.append(aid)
                out.append(aid)
            elif isinstance(item, doc.ExampleSource):
                if self.in_aid:
                    self.fail(opener, "a worked example belongs in the rules, not in a player aid")
                blocks, _ = parse_blocks(item.text, self.path, self.root, self.embeds, line, in_aid=False)
                out.append(doc.Example(item.title, tuple(blocks), item.figure, line))
            elif isinstance(item, doc.PageBreakMark):
                out.append(doc.PageBreak(line))
            elif isinstance(item, doc.BackCoverMark):
                if not top or self.in_aid:
                    self.fail(opener, "back_cover() must stand at the top level of the rules")
                out.append(doc.BackCover(line))
            else:
                figures.append(item)
        if figures:
            out.insert(0, doc.FigureBlock(tuple(figures), line))
        return out

    def aid(self, source: doc.AidSource, line: int) -> doc.Aid:
        blocks, _ = parse_blocks(source.text, self.path, self.root, self.embeds, line, in_aid=True)
        if not blocks:
            raise GameError(problem(self.path, line, f"aid '{source.title}' is empty"))
        return doc.Aid(source.title, tuple(blocks), line)

    def list_block(self, tokens: list[Token], i: int) -> tuple[doc.ListBlock, int]:
        opener = tokens[i]
        ordered = opener.type == "ordered_list_open"
        close = "ordered_list_close" if ordered else "bullet_list_close"
        start = int(opener.attrs.get("start", 1)) if ordered else 1
        items = []
        i += 1
        while tokens[i].type != close:
            inner, i = self.blocks(tokens, i + 1, "list_item_close", False)
            items.append(tuple(inner))
        return doc.ListBlock(ordered, start, tuple(items), self.line(opener)), i + 1

    def table(self, tokens: list[Token], i: int) -> tuple[doc.Table, int]:
        opener = tokens[i]
        header, rows, aligns, row = [], [], [], None
        i += 1
        while tokens[i].type != "table_close":
            t = tokens[i]
            if t.type == "tr_open":
                row = []
            elif t.type in ("th_open", "td_open"):
                style = str(t.attrs.get("style", ""))
                if t.type == "th_open":
                    aligns.append(style.split(":")[-1].strip() if "text-align" in style else "left")
                row.append(self.runs(tokens[i + 1], opener))
                i += 2
            elif t.type == "tr_close":
                (header if not header else rows).append(tuple(row))
            i += 1
        width = len(aligns)
        rows = [tuple(r) + ((),) * (width - len(r)) for r in rows]
        return doc.Table(header[0], tuple(rows), tuple(aligns), self.line(opener)), i + 1

    # -- inline ---------------------------------------------------------------------------
    def runs(self, inline: Token, opener: Token) -> doc.Runs:
        items = self.inline_items(inline, opener)
        if any(not isinstance(x, doc.Run) for x in items):
            self.fail(opener, "figures, aids and images cannot stand in a heading or a table cell")
        return _tidy(items)

    def inline_items(self, inline: Token, opener: Token) -> list:
        items: list = []
        bold = italic = 0
        link: list[str] = []
        for t in imagesize.attach(inline.children or []):  # {width=40mm} after an image is its size
            kind = t.type
            if kind == "text":
                items.extend(self.split_embeds(t.content, bool(bold), bool(italic)))
            elif kind == "softbreak":
                items.append(doc.Run(" ", bool(bold), bool(italic)))
            elif kind == "hardbreak":
                items.append(doc.Run("\n", bool(bold), bool(italic)))
            elif kind == "strong_open":
                bold += 1
            elif kind == "strong_close":
                bold -= 1
            elif kind == "em_open":
                italic += 1
            elif kind == "em_close":
                italic -= 1
            elif kind == "code_inline":
                items.append(doc.Run(t.content.replace(ESCAPED_COLON, ":"), True, bool(italic)))
            elif kind == "link_open":
                link.append(str(t.attrs.get("href", "")))
            elif kind == "link_close":
                href = link.pop()
                shown = "".join(x.text for x in items[-8:] if isinstance(x, doc.Run))
                if href and not shown.endswith(href) and not href.startswith("#"):
                    items.append(doc.Run(f" ({href.removeprefix('mailto:')})", bool(bold), bool(italic)))
            elif kind == "image":
                items.append(self.image(t, opener))
            elif kind == "html_inline":
                self.fail(opener, f"raw HTML ({t.content}) is not supported in rules; use Markdown",
                          t.content)
            else:
                self.fail(opener, f"unsupported Markdown ({kind})")
        return items

    def split_embeds(self, text: str, bold: bool, italic: bool) -> list:
        items, last = [], 0
        for found in EMBED_TOKEN.finditer(text):
            if found.start() > last:
                items += _split_icons(text[last:found.start()], bold, italic)
            items.append(_EmbedRef(int(found.group(1))))
            last = found.end()
        if last < len(text):
            items += _split_icons(text[last:], bold, italic)
        return items

    def image(self, token: Token, opener: Token) -> doc.ImageFigure:
        src = str(token.attrs.get("src", ""))
        needle = f"]({src}"
        path, fault = game_file(self.root, src)
        if fault == OUTSIDE:
            self.fail(opener, f"image '{src}' must be a file inside the game folder", needle)
        if fault == MISSING:
            self.fail(opener, f"image '{src}' {absent(path)}", needle)
        path = path.resolve()
        if path.suffix.lower() not in IMAGE_TYPES:
            self.fail(opener, f"image '{src}' must be a PNG or JPEG file", needle)
        if why := image_fault(str(path)):  # not an image, cut short, or a bomb
            self.fail(opener, f"image '{src}' {why}", needle)
        width = height = share = None
        if imagesize.KEY in token.attrs:
            try:
                width, height, share = imagesize.parse(str(token.attrs[imagesize.KEY]))
            except ValueError as exc:
                self.fail(opener, str(exc), "{" + str(token.attrs[imagesize.KEY]))
        return doc.ImageFigure(path, str(token.attrs.get("title", "") or ""), width, height, share)


def _split_icons(text: str, bold: bool, italic: bool) -> list[doc.Run]:
    """Text -> runs, each :icon: a run of its own; an escaped colon (\\:) is a colon again."""
    items, last = [], 0
    for found in ICON.finditer(text):
        if found.start() > last:
            items.append(doc.Run(text[last:found.start()].replace(ESCAPED_COLON, ":"), bold, italic))
        items.append(doc.Run(found.group(), bold, italic, found.group(1)))
        last = found.end()
    if last < len(text):
        items.append(doc.Run(text[last:].replace(ESCAPED_COLON, ":"), bold, italic))
    return items


def _tidy(items: list) -> doc.Runs:
    """Merge neighbouring runs of the same style; trim the ends."""
    runs: list[doc.Run] = []
    for run in items:
        if not isinstance(run, doc.Run) or not run.text:
            continue
        if runs and (runs[-1].bold, runs[-1].italic) == (run.bold, run.italic) and not (runs[-1].icon or run.icon):
            runs[-1] = doc.Run(runs[-1].text + run.text, run.bold, run.italic)
        else:
            runs.append(run)
    if runs:
        runs[0] = replace(runs[0], text=runs[0].text.lstrip(" "))
        runs[-1] = replace(runs[-1], text=runs[-1].text.rstrip(" "))
    return tuple(r for r in runs if r.text)


def parse_blocks(marked: str, path: Path, root: Path, embeds: list, first_line: int = 1,
                 in_aid: bool = False) -> tuple[list, list[doc.Aid]]:
    """Marked Markdown text → (blocks, aids found at the top level)."""
    text, lines = split_marks(marked, first_line)
    text = text.replace("\\:", ESCAPED_COLON)  # Markdown would unescape it before icons are found
    tokens = _parser().parse(text)
    parser = _Parser(path, root, embeds, lines, text.split("\n"), in_aid)
    parser.check_depth(tokens)
    blocks, _ = parser.blocks(tokens, 0, None, True)
    return blocks, parser.aids


def parse(marked: str, path: Path, root: Path, embeds: list) -> doc.RulesDoc:
    blocks, aids = parse_blocks(marked, path, root, embeds)
    return doc.RulesDoc(path, tuple(blocks), tuple(aids))


def check_glyphs(rules: doc.RulesDoc, icons=None) -> None:
    """Every character must exist in the font that will print it (headings and aid titles
    in the display face, the rest in the body faces) or in the fallback font: a missing
    glyph would print as a gap. Every :icon: must be one the game defines."""

    def runs_of(block):
        if isinstance(block, doc.Heading):
            yield block.line, "display", block.runs
        elif isinstance(block, doc.Paragraph):
            yield block.line, None, block.runs
        elif isinstance(block, doc.Table):
            for row in (block.header, *block.rows):
                for cell in row:
                    yield block.line, None, cell
        elif isinstance(block, doc.ListBlock):
            for item in block.items:
                for inner in item:
                    yield from runs_of(inner)
        elif isinstance(block, (doc.Box, doc.Aid, doc.Example)):
            if isinstance(block, (doc.Aid, doc.Example)):
                yield block.line, "display", (doc.Run(block.title),)
            for inner in block.blocks:
                yield from runs_of(inner)
        elif isinstance(block, doc.FigureBlock):
            for figure in block.figures:
                if figure.caption:
                    yield block.line, "body-italic", (doc.Run(figure.caption),)

    for block in rules.blocks:
        for line, role, runs in runs_of(block):
            for run in runs:
                if run.icon:
                    try:
                        lookup(icons or {}, run.icon)
                    except ValueError as exc:
                        raise GameError(problem(rules.path, line, str(exc))) from None
                    continue
                missing = fonts.missing_glyphs(role or run.font, run.text.replace("\u00a0", " "))
                if missing:
                    shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing)
                    raise GameError(problem(rules.path, line, f"the {role or run.font} font has no glyph "
                                                              f"for {shown}"))


def read(game) -> doc.RulesDoc:
    """The game's rules.md through both stages, checked. validate reads them once and hands
    them on in its plan (plan.py)."""
    marked, embeds = render(game)
    rules = parse(marked, game.rules, game.root, embeds.items)
    if embeds.score_sheet is not None:
        rules = doc.RulesDoc(rules.path, rules.blocks, rules.aids, embeds.score_sheet)
    check_glyphs(rules, getattr(game, "icons", None))
    return rules
