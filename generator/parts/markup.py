"""Rich text (doc.py runs: bold, italic, icons, the fallback font for glyphs the role's
font lacks) as ReportLab Paragraph markup, for the booklet, handout and aids."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from ..text import fonts, icons
from .. import doc

WORD_JOINER = "\u2060"  # zero width, and not a space to ReportLab: it holds an image icon in its word


def markup(runs: doc.Runs, style=None, icons=None) -> str:
    """Runs → ReportLab paragraph markup (the body family maps <b> and <i>). A character
    the style's font lacks is set in the fallback font; an :icon: drawn at the text's size."""
    base = (fonts.role_of(style.fontName) or "body") if style is not None else "body"
    size = style.fontSize if style is not None else 10.0
    out = []
    for run in runs:
        role = "display" if base == "display" else \
            doc.Run("", run.bold or "bold" in base, run.italic or "italic" in base).font
        if run.icon and icons and run.icon in icons:
            text = _icon(icons[run.icon], role, size)
        else:
            text = _in_fonts(run.text, role).replace("\n", "<br/>")
        if run.bold:
            text = f"<b>{text}</b>"
        if run.italic:
            text = f"<i>{text}</i>"
        out.append(text)
    return "".join(out)


def plain_markup(text: str, style) -> str:
    """Plain text as paragraph markup in `style`, with the fallback where its font lacks a glyph."""
    return markup((doc.Run(text),), style)


def _in_fonts(text: str, role: str, color: str | None = None) -> str:
    """Escaped text, the pieces the role's font lacks wrapped in the fallback font."""
    return "".join(escape(piece) if font == role and not color else _in_font(piece, font, color)
                   for piece, font in fonts.segments(text, role))


def _in_font(text: str, font: str, color: str | None) -> str:
    ink = f' color="{color}"' if color else ""
    return f'<font name="{fonts.pdf_name(font)}"{ink}>{escape(text)}</font>'


def _icon(icon, role: str, size: float) -> str:
    if icon.path:
        side = icons.image_side(icon, size)
        # ReportLab ends a line only once it holds a word with text: a run of image icons
        # alone never wrapped (one line off the page, laid out in quadratic time). The
        # zero-width word joiner is the image's text, shown as nothing.
        return (f'<img src={quoteattr(icon.path)} width="{side:.2f}" height="{side:.2f}" valign="baseline"/>'
                + _in_fonts(WORD_JOINER, role))
    if icon.font:  # a shape: always in its font, never the paragraph's (which lacks the glyph)
        return _in_font(icon.glyph, icon.font, icon.color)
    return _in_fonts(icon.glyph, role, icon.color)
