"""Hostile-input corpus, issue 24: games a print preflight must warn about (ink in the safe
margin, piles a colour-blind player cannot tell apart) and the near misses it must let pass.
Text below 6 pt, which no generic element can draw, and the sheet rules that the layouts
keep by construction are tested in test_preflight.py."""

from __future__ import annotations

from corpus_kit import Case, append, both, edit, write

FRAME = 'x = "3.5mm"\ny = "3.5mm"\nw = "37.45mm"\nh = "56.5mm"'  # the coin face's frame, inside the safe line
BACK = '[faces.coin-back]\nbackground = "#333355"'
RED_BACK, GREEN_BACK = "#B4463C", "#6E823C"  # a deuteranope sees them 3.0 apart (CIEDE2000)


def chips(back: str, text: str = "Coin Flip") -> str:
    """A second deck whose back is the coin back but for its colour (and, given, its text)."""
    return (f'\n[[components]]\nid = "chips"\nsize = "mini"\ncount = 2\nfront = "coin-back"\nback = "chip-back"\n'
            f'\n[faces.chip-back]\nbackground = "{back}"\n\n[[faces.chip-back.elements]]\ntype = "text"\n'
            f'x = "4mm"\ny = "25mm"\nw = "36mm"\nh = "14mm"\ntext = "{text}"\nfont = "display"\nsize = 16\n'
            f'color = "#FFFFFF"\n')


def red_coin_back():
    return edit("game.toml", BACK, f'[faces.coin-back]\nbackground = "{RED_BACK}"')


LAYOUT_PAIR = "[pair]\ncards = [[20, 20], [64.45, 20]]\n"  # two mini cards sharing a cut edge

CASES: tuple[Case, ...] = (
    # ink in the safe margin: a frame, text; on a front and on a back
    Case("preflight-frame-in-safe-margin", edit("game.toml", FRAME, FRAME.replace("3.5mm", "1.5mm")),
         "game.toml", "face 'coin' box: a frame inks 1.37 mm inside the trim, in the 3.17 mm safe margin",
         "[[faces.coin.elements]]", "warning"),
    Case("preflight-frame-on-the-back", edit("game.toml", BACK, BACK + '\n\n[[faces.coin-back.elements]]\n'
                                             'type = "box"\nx = "1mm"\ny = "1mm"\nw = "42.45mm"\nh = "61.5mm"\n'
                                             'stroke = "#FFFFFF"'),
         "game.toml", "face 'coin-back' box: a frame inks", "[[faces.coin-back.elements]]", "warning"),
    Case("preflight-text-in-safe-margin", both(edit("game.toml", 'x = "4mm"\ny = "45mm"', 'x = "1mm"\ny = "45mm"'),
                                               edit("game.toml", "size = 11", 'size = 11\nalign = "left"')),
         "game.toml", "face 'coin' text: text inks 1.00 mm inside the trim", ('type = "text"', -1), "warning"),
    Case("preflight-text-off-the-bottom", edit("game.toml", 'y = "45mm"\nw = "36mm"\nh = "12mm"',
                                               'y = "55mm"\nw = "36mm"\nh = "6mm"\nvalign = "bottom"'),
         "game.toml", "face 'coin' text: text inks", ('type = "text"', -1), "warning"),
    # ...and what is not in it: a frame out in the bleed, text just inside the safe line
    Case("preflight-frame-in-the-bleed", edit("game.toml", FRAME, 'x = "-2mm"\ny = "-2mm"\nw = "48.45mm"\n'
                                                                  'h = "67.5mm"'),
         "game.toml", "", None, "ok"),
    Case("preflight-text-at-the-safe-line", both(edit("game.toml", 'x = "4mm"\ny = "45mm"', 'x = "3.2mm"\ny = "45mm"'),
                                                 edit("game.toml", "size = 11", 'size = 11\nalign = "left"')),
         "game.toml", "", None, "ok"),
    # two decks whose backs differ only in colour, alike for a deuteranope; a deck's suits alike
    Case("preflight-backs-alike-for-deuteranope", both(red_coin_back(), append("game.toml", chips(GREEN_BACK))),
         "game.toml", "the back of card 1 in 'chips' differ only in colour, and with deuteranopia their colours "
                      "look 3.0 apart", "[faces.chip-back]", "warning"),
    Case("preflight-suits-alike-for-protanope",
         write("cards.csv", "id,name,color\n" + "".join(f"c{n},Coin,{'#2A4FA8' if n % 2 else '#6B3FA0'}\n"
                                                           for n in range(1, 7))),
         "game.toml", "the front of card c1 in 'coins' and the front of card c2 in 'coins' differ only in colour, "
                      "and with protanopia", "[faces.coin]", "warning"),
    # ...told apart by a symbol, or by colours every vision sees apart
    Case("preflight-backs-apart-by-a-word", both(red_coin_back(), append("game.toml", chips(GREEN_BACK, "Chips"))),
         "game.toml", "", None, "ok"),
    Case("preflight-backs-apart-in-lightness", append("game.toml", chips("#E8C547")), "game.toml", "", None, "ok"),
    # a designer's layout that puts two cards edge to edge: the deck's two backs never meet there
    Case("preflight-layout-edge-to-edge", both(
        write("layouts.toml", LAYOUT_PAIR), edit("game.toml", "players = [2, 4]", 'players = [2, 4]\nlayout = "pair"'),
        write("cards.csv", "id,name,color,side\n" + "".join(f"c{n},Heads,#D4A017,{'coin' if n % 3 else 'chip'}-back\n"
                                                                for n in range(1, 7))),
        edit("game.toml", 'back = "coin-back"', 'back = "{side}"'), append("game.toml", chips("#E8C547"))),
        "game.toml", "", None, "ok"),
)
