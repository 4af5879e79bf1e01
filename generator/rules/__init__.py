"""The rules stage: rules.md -> sandboxed Jinja2 (template.py) -> Markdown blocks (blocks.py)
-> a RulesDoc of plain, frozen data (doc.py), which layout/ turns into booklets, handouts and
aids. squib_examples.py computes the Squib Squares numbers and examples the rules print."""

from __future__ import annotations

from ..model import Game
from . import blocks
from .doc import RulesDoc

_last: tuple[Game | None, RulesDoc | None] = (None, None)


def read(game: Game) -> RulesDoc:
    """The game's rules as blocks. Validation, the booklet and the aids all read them in one
    build; the result is frozen, so the last game's is kept rather than read three times."""
    global _last
    if _last[0] is not game:
        _last = (game, blocks.read(game))
    return _last[1]


__all__ = ["read", "RulesDoc"]
