"""Facts about a game printed on the booklet's title page and the handout's header."""

from __future__ import annotations

from ..model import Component, Game
from ..text.catalogue import ENGLISH, language, number, word
from ..units import INCH, MM


def size_text(component: Component, edition: str = "") -> str:
    """'3.5 × 2.5 in, 89 × 64 mm'; in an edition of a metric language, millimetres only, to the
    tenth as its publishers give card sizes ('63,5 × 88,9 mm')."""
    w, h = component.size.width, component.size.height
    if language(edition) != ENGLISH:
        return word("{width} × {height} mm", edition, width=number(w / MM, edition, 1), height=number(h / MM, edition, 1))

    def inches(v):
        return f"{v / INCH:.2f}".rstrip("0").rstrip(".")

    return f"{inches(w)} × {inches(h)} in, {w / MM:.0f} × {h / MM:.0f} mm"


def component_lines(game: Game) -> list[str]:
    """'54 Hero cards (3.5 × 2.5 in, 89 × 64 mm)' for each component; in a language whose noun
    takes a counting form after a number, the count after the name ('Колода друидов: 54')."""
    out = []
    for c in game.components:
        count = c.count  # copies included
        counted = word("{count} {name}", game.edition, count=count, name=c.name)
        out.append(f"{counted} ({size_text(c, game.edition)})" if count else c.name)
    return out
