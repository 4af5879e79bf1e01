"""The forms as the game's data gives them: game.toml's [data.forms] maps each court (and
the joker, for the Chameleon variant) to its animal and the rule printed on its card:

    [data.forms]
    J = { animal = "jackrabbit", name = "Jackrabbit", rule = "..." }
    Q = { animal = "peacock", rule = "..." }
    K = { animal = "lion", rule = "..." }
    JK = { animal = "chameleon", rule = "..." }

The engine fixes which court is which animal (FORM_OF_COURT); the data must agree, so the
cards, the rules and the engine cannot tell different stories. `animal` is that fixed name,
the same in every edition; `name` (optional, the animal capitalized by default) is the name
printed on the card and in the rules, which an edition translates with the rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model import Game
from ..playing_cards.deck import JOKER, RANK_NAMES
from .animals import ANIMALS
from .engine import CHAMELEON, FORM_OF_COURT

DATA_KEY = "forms"
DECK = "deck"  # the component id of the poker deck: strategy cards, forms and Chameleons
ANIMAL_OF_RANK = {**FORM_OF_COURT, JOKER: CHAMELEON}  # what each card's centre must show


@dataclass(frozen=True)
class Form:
    rank: str  # 'J', 'Q', 'K' or 'JK'
    animal: str
    rule: str
    name: str  # as printed: 'Jackrabbit', or the edition's 'Hase'

    @property
    def card_name(self) -> str:
        """'jack', 'queen', 'king' or 'joker'."""
        return RANK_NAMES.get(self.rank, "joker")


def form_fault(game: Game, rank: str) -> str | None:
    """What is wrong with data.forms' entry for this rank (None when it is right)."""
    forms = game.data.get(DATA_KEY)
    want = ANIMAL_OF_RANK[rank]
    noun = RANK_NAMES.get(rank, "joker")
    example = f'{rank} = {{ animal = "{want}", rule = "..." }}'
    if not hasattr(forms, "get"):
        return f"data.{DATA_KEY} is missing: each form card needs its animal, e.g. {example}"
    entry = forms.get(rank)
    if entry is None:
        return f"data.{DATA_KEY}: the {noun} ({rank}) has no animal: add {example}"
    if not hasattr(entry, "get"):
        return f"data.{DATA_KEY}.{rank} must be a table such as {{ animal = \"{want}\", rule = \"...\" }}"
    animal = entry.get("animal")
    if animal is None:
        return f"data.{DATA_KEY}.{rank} has no animal: the {noun} is the {want}"
    if animal != want:
        known = ", ".join(sorted(ANIMALS))
        hint = f" (animals drawn: {known})" if animal not in ANIMALS else ""
        return f"data.{DATA_KEY}.{rank}: animal {animal!r}, but the {noun} is the {want} in these rules{hint}"
    rule = entry.get("rule")
    if not isinstance(rule, str) or not rule.strip():
        return f"data.{DATA_KEY}.{rank} has no rule: the line printed under the {want}"
    name = entry.get("name", want)
    if not isinstance(name, str) or not name.strip():
        return f"data.{DATA_KEY}.{rank}: name must be a text, the {want}'s name as printed on the card"
    return None


def form_of(game: Game, rank: str) -> Form:
    """The form of a court or joker rank; ValueError saying what the data lacks."""
    fault = form_fault(game, rank)
    if fault:
        raise ValueError(fault)
    entry = game.data[DATA_KEY][rank]
    name = str(entry.get("name") or entry["animal"].capitalize()).strip()
    return Form(rank, str(entry["animal"]), str(entry["rule"]).strip(), name)


def line_of_form(game: Game, rank: str) -> int | None:
    return game.line_of("data", DATA_KEY, rank)
