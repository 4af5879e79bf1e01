"""Worked examples of The Fellowship of the Ring that rules.md states and the engine replays.

    {% call example("ring-captures", title="Example: what may capture what") %}
    stretch = ["9D", "5C", "JK1", ["KH", "QS"], "2H"]   # neighbouring stacks, left to right;
                                                       # a list is a stack, bottom to top
    [claims]
    captures = [["9D", "5C"], ["QS", "JK1"]]           # [mover, target] by their top cards
    count = 2
    ---
    Narrative…
    {% endcall %}

`stretch` is a run of neighbouring stacks whose ends have neighbours outside it; `ring` is
the whole ring of 13, whose ends are neighbours. `suits = true` plays the suit variant.
Facts: captures (in the order of the stacks, mover first), count, and joker (may a card
from hand be laid on the joker: it lies uncovered).

    {% call example("ring-end", title="Example: counting the ring") %}
    ring = [...13 stacks...]
    boromir_drawn = true
    [claims]
    black = 7
    red = 5
    winner = "black"
    ---
    {% endcall %}

Facts: black and red (stacks of each colour; the joker counts for neither), blocked (no
capture is possible and the joker is covered), played_out (every card of the two-player game
lies in the ring, so the hands and the draw pile are empty), winner ("black", "red", "shared"
or "stalemate").
"""

from __future__ import annotations

from typing import Any, Mapping

from ...model import Game
from ..base import Replay
from . import engine

COMPONENT = "cards"


def _stacks(game: Game, data: Mapping[str, Any], key: str) -> tuple[tuple[str, ...], ...]:
    """The stacks under `key`, every card checked against the game's deck, none twice."""
    if key not in data:
        raise ValueError(f"'{key}' is missing: the stacks, left to right, by card id")
    raw = data[key]
    if not isinstance(raw, list) or not raw or not all(isinstance(s, (str, list)) and s for s in raw):
        raise ValueError(f"'{key}' must list stacks: card ids, or lists of ids from bottom to top")
    try:
        deck = {card.id for card in game.component(COMPONENT).cards}
    except KeyError:
        raise ValueError(f"the ring examples read the deck '{COMPONENT}', which this game lacks") from None
    ring = engine.stacks(raw)
    seen: set[str] = set()
    for stack in ring:
        for card in stack:
            if not isinstance(card, str) or card not in deck:
                raise ValueError(f"no card '{card}' in the deck '{COMPONENT}'")
            if card in seen:
                raise ValueError(f"card '{card}' appears twice; the deck has one of each")
            seen.add(card)
    return ring


def _known(data: Mapping[str, Any], keys: set[str], kind: str) -> None:
    unknown = set(data) - keys
    if unknown:
        raise ValueError(f"unknown key(s) {', '.join(sorted(unknown))}; {kind} takes {', '.join(sorted(keys))}")


def ring_captures(game: Game, data: Mapping[str, Any]) -> Replay:
    _known(data, {"stretch", "ring", "suits"}, "ring-captures")
    if ("stretch" in data) == ("ring" in data):
        raise ValueError("give either 'stretch' (neighbouring stacks) or 'ring' (all 13)")
    whole = "ring" in data
    ring = _stacks(game, data, "ring" if whole else "stretch")
    if whole and len(ring) != engine.RING_SIZE:
        raise ValueError(f"a ring has {engine.RING_SIZE} stacks, not {len(ring)}")
    found = engine.legal_captures(ring, bool(data.get("suits", False)), wrap=whole)
    pairs = [[ring[c.source][-1], ring[c.target][-1]] for c in found]
    facts = {"captures": pairs, "count": len(pairs), "joker": engine.joker_place(ring) is not None}
    return Replay(facts, COMPONENT, _rows(ring))


def ring_end(game: Game, data: Mapping[str, Any]) -> Replay:
    _known(data, {"ring", "boromir_drawn"}, "ring-end")
    ring = _stacks(game, data, "ring")
    if len(ring) != engine.RING_SIZE:
        raise ValueError(f"a ring has {engine.RING_SIZE} stacks, not {len(ring)}")
    in_ring = [card for stack in ring for card in stack]
    drawn = data.get("boromir_drawn", True)
    if engine.BOROMIR in in_ring and not drawn:
        raise ValueError(f"'{engine.BOROMIR}' lies in the ring, so he has been drawn")
    state = engine.State(ring, ((),), (), boromir_holder=0 if drawn else None)
    counts = engine.scores(state)
    blocked = not engine.legal_captures(ring) and engine.joker_place(ring) is None
    won = engine.winners(state)
    facts = {**counts, "blocked": blocked, "played_out": len(in_ring) == engine.deck_count(2),
             "winner": "stalemate" if not won else won[0] if len(won) == 1 else "shared"}
    return Replay(facts, COMPONENT, _rows(ring))


def _rows(ring) -> tuple[tuple[str, ...], ...]:
    """The top cards, at most seven to a row."""
    tops = [stack[-1] for stack in ring]
    return tuple(tuple(tops[i:i + 7]) for i in range(0, len(tops), 7))


REPLAYERS = {"ring-captures": ring_captures, "ring-end": ring_end}
