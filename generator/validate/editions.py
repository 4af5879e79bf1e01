"""Every edition validated, not only the default: text that fits in English may not fit in
German. Each edition's plan keeps the problems it shares with an edition validated before
it out (reported once, by the first), and names its edition in the messages of its own."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Sequence

from ..errors import Problem
from ..load.languages import closest
from ..model import Game
from ..plan import Plan


def plans(games: Sequence[Game], plan_of: Callable[[Game], Plan]) -> list[Plan]:
    """plan_of(game) for each edition, in order, each problem reported once."""
    made = [plan_of(game) for game in games]
    return [replace(plan, problems=own) for plan, own in zip(made, once([plan.problems for plan in made], games))]


def once(found: Sequence[Sequence[Problem]], games: Sequence[Game]) -> list[tuple[Problem, ...]]:
    """Each edition's problems (found, in the editions' order) less those an edition before
    it has, named with its edition."""
    seen: set[Problem] = set()
    out = []
    for problems, game in zip(found, games):
        own = [p for p in problems if p not in seen]
        seen.update(problems)
        out.append(tuple(named(p, game) for p in own))
    return out


def named(problem: Problem, game: Game) -> Problem:
    """The problem as an edition other than the default has it: its message says which."""
    if not game.edition or game.edition == game.editions[0] or problem.message.startswith("edition '"):
        return problem
    return replace(problem, message=f"edition '{game.edition}': {problem.message}")


def choose(games: Sequence[Game], code: str | None) -> tuple[list[Game], str | None]:
    """The editions `--edition CODE|all` names (without it, all: as validate checks them), or
    why it names none."""
    codes = [game.edition for game in games if game.edition]
    if code is None:
        return list(games), None
    if not codes:
        return [], f"{games[0].id} declares no [editions] in game.toml, so it has no edition '{code}'"
    if code == "all":
        return list(games), None
    if code not in codes:
        return [], f"no edition '{code}' in {games[0].id} (its editions: {', '.join(codes)}, or all)" \
                   f"{closest(code, codes)}"
    return [game for game in games if game.edition == code], None
