"""Player aids as drawings: each aid of the rules (``{% call aid("Title") %}``) becomes

- a poker-size reference card (FaceDrawing with bleed: the cut sheets and the booklet's
  quick-reference page draw the very same card), and
- a panel of the half-page reference sheet (ops in a box, larger text).

Both are laid out by cardtext from the aid's blocks, in the shared styles.
"""

from __future__ import annotations

from ..errors import GameError, problem
from .. import ops as op
from ..model import CardSize, Game
from .. import doc
from ..text.catalogue import word
from ..text.fit import line_width, single_line
from ..units import INCH, length
from . import cardtext, figures
from .styles import Styles

CARD = CardSize.named("poker")  # portrait, 2.5 × 3.5 in
BLEED = 0.125 * INCH
FOOTER_SIZE = 6.5  # pt: "GAME · player aid" at the foot of each card, above the 6 pt a card needs


def palette(styles: Styles) -> cardtext.Palette:
    c = styles.color
    return cardtext.Palette(ink=c("ink"), accent=c("accent"), soft=c("accent_soft"),
                            header_text=c("paper"), line=c("line"), muted=c("muted"), good=c("good"),
                            bad=c("bad"))


def title_band(styles: Styles, title_size: float) -> float:
    return title_size * 2.2


def _card_body(styles: Styles) -> tuple[float, float, float, float]:
    """pad, band, body width, body height of an aid card."""
    a = styles.raw["aids"]
    pad = length(a["padding"])
    band = title_band(styles, float(a["title_size"]))
    footer = FOOTER_SIZE + 1.5  # room for the footer line under the body
    return pad, band, CARD.width - 2 * pad, CARD.height - band - 2 * pad - footer


def check_titles(game: Game, aids, styles: Styles) -> None:
    """Each aid's title must fit the band across its card (it is printed on one line)."""
    size = float(styles.raw["aids"]["title_size"])
    room = CARD.width - 2 * length(styles.raw["aids"]["padding"])
    for aid in aids:
        if line_width(aid.title, "display", size) > room:
            shown = aid.title if len(aid.title) <= 40 else aid.title[:40] + "…"
            raise GameError(problem(game.rules, aid.line, f"aid title '{shown}' is too long for the "
                                                          f"{room * 25.4 / 72:.0f} mm across its card; shorten it"))


def card_size(game: Game, aids, styles: Styles) -> float:
    """One body size for a set of aid cards: the largest at which every one of them fits."""
    a = styles.raw["aids"]
    check_titles(game, aids, styles)
    _, _, body_w, body_h = _card_body(styles)
    return min(cardtext.fit(game, aid, palette(styles), body_w, body_h, float(a["body_size"]),
                            float(a["min_body_size"]), float(a["leading"]))[1] for aid in aids)


def card_front(game: Game, aid: doc.Aid, styles: Styles, size: float | None = None) -> op.FaceDrawing:
    """The aid as a poker card, portrait, with bleed; text at `size` or as large as fits."""
    a = styles.raw["aids"]
    w, h = CARD.width, CARD.height
    title_size = float(a["title_size"])
    pad, band, body_w, body_h = _card_body(styles)
    laid, _ = cardtext.fit(game, aid, palette(styles), body_w, body_h, size or float(a["body_size"]),
                           float(a["min_body_size"]), float(a["leading"]))
    W, H = w + 2 * BLEED, h + 2 * BLEED
    ops: list = [op.Rect(0, 0, W, H, styles.color(a["background"]))]
    ops.append(op.Rect(0, 0, W, BLEED + band, styles.color(a["band"])))
    ops += single_line(aid.title, W / 2, BLEED + band * 0.64, "display", title_size,
                       styles.color(a["band_text"]), "center")
    ops += figures.moved(laid.ops, BLEED + pad, BLEED + band + pad)
    footer = f"{game.title} · {word('player aid', game.edition)}"
    ops.append(op.Text(W / 2, BLEED + h - pad * 0.7, footer, "body-italic", FOOTER_SIZE,
                       styles.color("muted"), "center"))
    return op.FaceDrawing(W, H, BLEED, tuple(ops))


def card_back(game: Game, styles: Styles) -> op.FaceDrawing:
    """A plain back for an aid card without a partner aid."""
    a = styles.raw["aids"]
    W, H = CARD.width + 2 * BLEED, CARD.height + 2 * BLEED
    ink = styles.color(a["band_text"])
    return op.FaceDrawing(W, H, BLEED, (
        op.Rect(0, 0, W, H, styles.color(a["back_background"])),
        op.Text(W / 2, H / 2, game.title, "display", 18, ink, "center"),
        op.Text(W / 2, H / 2 + 16, word("player aid", game.edition), "body-italic", 9, ink, "center"),
    ))


def panel_ops(game: Game, aid: doc.Aid, styles: Styles, width: float, height: float,
              start: float) -> list:
    """The aid as a panel of width × height (ops from its top-left): a title band over the
    text, the text as large as fits from `start` down to the aids' floor."""
    a = styles.raw["aids"]
    pad = length(a["padding"])
    title_size = float(a["title_size"]) * 1.1
    band = title_band(styles, title_size)
    laid, _ = cardtext.fit(game, aid, palette(styles), width - 2 * pad, height - band - 2 * pad, start,
                           float(a["min_body_size"]), float(a["leading"]))
    radius = pad * 0.8
    ops: list = [op.Rect(0, 0, width, height, styles.color(a["background"]), styles.color(a["band"]), 0.8,
                         radius)]
    ops.append(op.Path(((("M", 0, band), ("L", 0, radius), ("C", 0, radius * 0.45, radius * 0.45, 0, radius, 0),
                         ("L", width - radius, 0), ("C", width - radius * 0.45, 0, width, radius * 0.45, width, radius),
                         ("L", width, band), ("Z",))), styles.color(a["band"]), None))
    ops += single_line(aid.title, width / 2, band * 0.64, "display", title_size, styles.color(a["band_text"]),
                       "center")
    ops += figures.moved(laid.ops, pad, band + pad)
    return ops


def panel_height(game: Game, aid: doc.Aid, styles: Styles, width: float, size: float) -> float:
    """The height a panel of this width needs to show the aid at `size`."""
    a = styles.raw["aids"]
    pad = length(a["padding"])
    band = title_band(styles, float(a["title_size"]) * 1.1)
    laid = cardtext.CardText(game, palette(styles), size, float(a["leading"])).blocks(aid.blocks, 0, 0,
                                                                                    width - 2 * pad)
    return band + 2 * pad + laid.height + 1


def pairs(aids: tuple[doc.Aid, ...]) -> list[tuple[doc.Aid, doc.Aid | None]]:
    """Aids two to a card: the first on the front, the next on the back."""
    return [(aids[i], aids[i + 1] if i + 1 < len(aids) else None) for i in range(0, len(aids), 2)]
