"""Squib Squares: the combinatorics of the 54-card squib deck.

Every card shows two squibs side by side, left and right; a squib has a colour, an
emotion and a kind, each one of five values. Touching squibs (on one card, or on
neighbouring cards on the table) must differ in all three features.

The rules checked, each naming the cards at fault:

- R1 the deck has exactly 54 cards, and card ids are unique;
- R2 every value is one of the five of its attribute, and the game lists exactly five
  distinct colours, emotions and kinds;
- R3 the two squibs of a card share no colour, no emotion and no kind;
- R4 no squib (colour, emotion, kind) appears twice in the deck;
- R5 each value appears on 21 or 22 of the 108 squibs;
- R6 each of the 10 unordered pairs of colours shares a card 5 or 6 times (likewise
  emotions and kinds);
- R7 each value stands on the left of a card 10 to 12 times;
- R8 data.beats is a fair tournament: nobody beats itself, of any two colours exactly one
  beats the other, each colour beats exactly two;
- R9 no dead card. Cards are never turned (the rules do not allow it), so a card A can
  sit *beside* B, B on its right, when A's right squib touches B's left squib, and *above*
  B when left touches left and right touches right (above and below are symmetric). A card
  is dead in rows when no other card can go beside it on either side, and dead in columns
  when no other card can go above or below it; either is an R9 fault.

Unknown values would make the counting rules (R5-R7) report nonsense, so those rules are
skipped, with a note, while R2 fails; they are also skipped for a deck that is not 54
cards long, since their ranges are worked out for 108 squibs.

``check_deck`` works on the engine's plain values; ``check`` adapts a loaded Game (component
``squibs``) to it and is the rule set's check.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Sequence

from ...errors import Problem, problem
from ...model import Component, Game
from .engine import ATTRIBUTES, BEATEN_PER_COLOUR, COLUMNS, COMPONENT, DATA_KEY, DECK_SIZE, LEFT_RANGE, NOUN, PAIR_RANGE, PLURAL, SIDES, SQUIB_RANGE, Squib, SquibCard, SquibSpec, dead_cards, deck, spec_from_data, value_list_faults


@dataclass(frozen=True)
class Finding:
    """One broken rule: which rule, which cards (in deck order), and what is wrong.

    ``data_key`` is set when the fault is in game.toml's [data] rather than the CSV."""

    rule: str
    text: str
    cards: tuple[str, ...] = ()
    line: int | None = None
    data_key: tuple = ()

    @property
    def message(self) -> str:
        if not self.cards:
            return f"{self.rule}: {self.text}"
        label = "card" if len(self.cards) == 1 else "cards"
        return f"{self.rule} {label} {', '.join(self.cards)}: {self.text}"


def _finding(rule: str, text: str, cards: Sequence[SquibCard] = ()) -> Finding:
    """A finding about cards: names them all, points at the first one's line."""
    return Finding(rule, text, tuple(c.id for c in cards), cards[0].line if cards else None)



# -- the rules ----------------------------------------------------------------------------

def check_deck(cards: Sequence[SquibCard], spec: SquibSpec) -> list[Finding]:
    """Every finding of R1-R9 for this deck and spec, in rule order."""
    spec_findings = check_spec(spec)
    lists_ok = not any(f.rule == "R2" for f in spec_findings)
    findings = spec_findings + check_size_and_ids(cards)
    unknown = check_values(cards, spec) if lists_ok else []
    findings += unknown
    findings += check_touching_sides(cards)
    findings += check_unique_squibs(cards)
    findings += _counting_rules(cards, spec, lists_ok, unknown)
    findings += check_dead_cards(cards)
    return findings


def _counting_rules(cards, spec, lists_ok: bool, unknown: list[Finding]) -> list[Finding]:
    # R5-R7 count values: with an unknown value or a short deck every count is off,
    # and reporting all of them would bury the real fault.
    if not lists_ok:
        return [Finding("R2", "R5, R6 and R7 were not checked: fix the value lists in [data] first",
                        data_key=("data",))]
    if unknown:
        bad = len({f.cards for f in unknown})
        return [Finding("R2", f"R5, R6 and R7 were not checked: {bad} card(s) hold unknown values")]
    if len(cards) != DECK_SIZE:
        return [Finding("R1", f"R5, R6 and R7 were not checked: they need a deck of {DECK_SIZE} cards")]
    return check_value_counts(cards, spec) + check_pairs(cards, spec) + check_left_counts(cards, spec)


def check_spec(spec: SquibSpec) -> list[Finding]:
    """R2 on the value lists themselves, and R8 on the beats table."""
    findings = [Finding("R2", text, data_key=("data", DATA_KEY[attr]))
                for attr, text in value_list_faults(spec)]
    return findings + check_beats(spec)


def check_beats(spec: SquibSpec) -> list[Finding]:
    """R8: the colour wheel is a fair tournament."""
    colors, beats = list(dict.fromkeys(spec.colors)), spec.beats

    def at(colour: str | None = None, text: str = "") -> Finding:
        key = ("data", "beats", colour) if colour else ("data", "beats")
        return Finding("R8", text, data_key=key)

    findings = []
    if not beats:
        return [at(text="data.beats must list, for each colour, the colours it beats")]
    for colour, beaten in beats.items():
        if colour not in colors:
            findings.append(at(colour, f"data.beats names '{colour}', which is not one of the colours"))
        for other in beaten:
            if other not in colors:
                findings.append(at(colour, f"{colour} beats '{other}', which is not one of the colours"))
        if colour in beaten:
            findings.append(at(colour, f"{colour} beats itself"))
        if len(set(beaten)) != BEATEN_PER_COLOUR:
            findings.append(at(colour, f"{colour} beats {len(set(beaten))} colour(s), "
                                       f"each colour must beat exactly {BEATEN_PER_COLOUR}"))
    for colour in colors:
        if colour not in beats:
            findings.append(at(text=f"data.beats does not say which colours {colour} beats"))
    # A pair fault could be fixed on either colour's line, so it points at the table.
    for a, b in combinations(colors, 2):
        a_wins, b_wins = b in beats.get(a, ()), a in beats.get(b, ())
        if a_wins and b_wins:
            findings.append(at(text=f"{a} and {b} beat each other; exactly one must beat the other"))
        elif not (a_wins or b_wins):
            findings.append(at(text=f"neither {a} nor {b} beats the other; exactly one must"))
    return findings


def check_size_and_ids(cards: Sequence[SquibCard]) -> list[Finding]:
    """R1: 54 cards, each id once."""
    findings = []
    if len(cards) != DECK_SIZE:
        findings.append(Finding("R1", f"the deck has {len(cards)} cards, it must have exactly {DECK_SIZE}"))
    by_id: dict[str, list[SquibCard]] = {}
    for card in cards:
        by_id.setdefault(card.id, []).append(card)
    for card_id, same in by_id.items():
        if len(same) > 1:
            lines = ", ".join(str(c.line) for c in same if c.line)
            where = f" (lines {lines})" if lines else ""
            # One id, named once; the lines tell the cards apart.
            findings.append(Finding("R1", f"the id {card_id} is used {len(same)} times{where}",
                                    (card_id,), same[0].line))
    return findings


def check_values(cards: Sequence[SquibCard], spec: SquibSpec) -> list[Finding]:
    """R2: every value is one of the five of its attribute (one finding per bad value)."""
    findings = []
    for card in cards:
        for side in SIDES:
            for attr in ATTRIBUTES:
                value, known = card.side(side).value(attr), spec.values(attr)
                if value not in known:
                    hint = " (values are lower case)" if value.lower() in known else ""
                    findings.append(_finding(
                        "R2", f"{side}_{attr} '{value}' is not one of the {PLURAL[attr]} "
                              f"{', '.join(known)}{hint}", [card]))
    return findings


def check_touching_sides(cards: Sequence[SquibCard]) -> list[Finding]:
    """R3: the two squibs of a card touch, so they must differ in every feature."""
    findings = []
    for card in cards:
        for attr in card.left.shared(card.right):
            findings.append(_finding(
                "R3", f"the two squibs share the {NOUN[attr]} {card.left.value(attr)} (they touch, "
                      f"so they must differ in colour, emotion and kind)", [card]))
    return findings


def check_unique_squibs(cards: Sequence[SquibCard]) -> list[Finding]:
    """R4: each of the 108 squibs is a different (colour, emotion, kind)."""
    where: dict[Squib, list[SquibCard]] = {}  # squib -> the card of each appearance
    for card in cards:
        for squib in (card.left, card.right):
            where.setdefault(squib, []).append(card)
    findings = []
    for squib, appearances in where.items():
        if len(appearances) > 1:
            holders = list({id(c): c for c in appearances}.values())  # each card once
            findings.append(_finding("R4", f"the squib {squib} appears {len(appearances)} times; "
                                           f"each squib may appear only once", holders))
    return findings


def _range_text(low: int, high: int, joiner: str = "or") -> str:
    return f"{low} {joiner} {high}" if high == low + 1 else f"{low} to {high}"


def check_value_counts(cards: Sequence[SquibCard], spec: SquibSpec) -> list[Finding]:
    """R5: each value on 21 or 22 squibs, so no value is rare or common."""
    low, high = SQUIB_RANGE
    findings = []
    for attr in ATTRIBUTES:
        for value in spec.values(attr):
            holders = [c for c in cards if value in (c.left.value(attr), c.right.value(attr))]
            count = sum((c.left.value(attr) == value) + (c.right.value(attr) == value) for c in cards)
            if low <= count <= high:
                continue
            rule = (f"each {NOUN[attr]} must appear on {_range_text(low, high)} of the "
                    f"{2 * DECK_SIZE} squibs")
            if count > high:
                findings.append(_finding("R5", f"the {NOUN[attr]} {value} appears on {count} squibs; {rule}",
                                         holders))
            else:  # too rare: no card is at fault, the value is missing from cards to come
                findings.append(Finding("R5", f"the {NOUN[attr]} {value} appears on only {count} squibs; {rule}"))
    return findings


def check_pairs(cards: Sequence[SquibCard], spec: SquibSpec) -> list[Finding]:
    """R6: every two values meet on a card 5 or 6 times (pairs within one attribute)."""
    low, high = PAIR_RANGE
    findings = []
    for attr in ATTRIBUTES:
        for a, b in combinations(spec.values(attr), 2):
            holders = [c for c in cards if {c.left.value(attr), c.right.value(attr)} == {a, b}]
            if low <= len(holders) <= high:
                continue
            rule = f"each pair of {PLURAL[attr]} must share a card {_range_text(low, high)} times"
            if len(holders) > high:
                findings.append(_finding("R6", f"the {PLURAL[attr]} {a} and {b} share a card "
                                               f"{len(holders)} times; {rule}", holders))
            else:
                findings.append(Finding("R6", f"the {PLURAL[attr]} {a} and {b} share a card only "
                                              f"{len(holders)} times; {rule}"))
    return findings


def check_left_counts(cards: Sequence[SquibCard], spec: SquibSpec) -> list[Finding]:
    """R7: no value favours the left side; flipping a named card moves it across."""
    low, high = LEFT_RANGE
    findings = []
    for attr in ATTRIBUTES:
        for value in spec.values(attr):
            on_left = [c for c in cards if c.left.value(attr) == value]
            rule = f"each value must stand on the left of {_range_text(low, high)} cards"
            if len(on_left) > high:
                findings.append(_finding("R7", f"the {NOUN[attr]} {value} stands on the left of "
                                               f"{len(on_left)} cards; {rule}", on_left))
            elif len(on_left) < low:
                on_right = [c for c in cards if c.right.value(attr) == value]
                findings.append(_finding("R7", f"the {NOUN[attr]} {value} stands on the left of only "
                                               f"{len(on_left)} cards; {rule} (these cards hold it on "
                                               f"the right and could be flipped)", on_right))
    return findings


def check_dead_cards(cards: Sequence[SquibCard]) -> list[Finding]:
    """R9: a card nobody can sit beside, or nobody can stack with, can never score well."""
    findings = []
    for card, in_rows, in_columns in dead_cards(cards):
        if in_rows:
            findings.append(_finding("R9", f"dead in rows: no other card can sit beside it on either "
                                           f"side (its left squib {card.left}, right squib {card.right})",
                                     [card]))
        if in_columns:
            findings.append(_finding("R9", "dead in columns: no other card can sit above or below it",
                                     [card]))
    return findings


# -- a loaded game ----------------------------------------------------------------------

def check(game: Game) -> list[Problem]:
    """The squib rule set's check: every finding as a Problem at its CSV or game.toml line."""
    try:
        cards, component = deck(game), game.component(COMPONENT)
    except KeyError:
        return [problem(game.manifest, game.line_of("components"),
                        f"R1: the squib rule set needs a deck component with id '{COMPONENT}'")]
    csv_path = component.data or game.manifest
    problems = _header_problems(component, csv_path)
    for finding in check_deck(cards, spec_from_data(game.data)):
        if finding.data_key:
            problems.append(problem(game.manifest, game.line_of(*finding.data_key), finding.message))
        else:
            problems.append(problem(csv_path, finding.line, finding.message))
    return problems


def _header_problems(component: Component, csv_path) -> list[Problem]:
    if tuple(component.columns) == COLUMNS:
        return []
    missing = [c for c in COLUMNS if c not in component.columns]
    extra = [c for c in component.columns if c not in COLUMNS]
    detail = "; ".join(filter(None, [missing and f"missing {', '.join(missing)}",
                                     extra and f"unexpected {', '.join(extra)}"])) or "wrong order"
    return [problem(csv_path, 1, f"R2: the header must be exactly {','.join(COLUMNS)} ({detail})")]

