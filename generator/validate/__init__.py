"""Validation: generic checks for every game, the checks of the game's rule sets, every
face composed as the build would, then the rules text and its layout (booklet, handouts,
aids: what the build would stop on); and warnings for what a build would do silently
(Problems whose level is 'warning').

Each check is a pure function: Game in, list of Problems out.
"""

from __future__ import annotations


from ..text import fonts, gamefonts, icons
from .. import rulesets
from ..errors import GameError, Problem, note
from . import measure
from ..choices import PAPERS
from ..model import Game
from ..plan import Plan
from ..rules import read  # blocks.py, loaded for a game with rules.md
from . import colourblind, datavalues, faces, generic, preflight, sheets, textsizes, unread, warnings


def validate(game: Game, kept=None, papers: tuple[str, ...] = PAPERS) -> Plan:
    """Check the game and make what the build draws from: every face composed, rules.md
    read, the booklet and handouts laid out on the papers. kept (a kept.Kept, when the face
    cache is on): note each face's digest (the build finds its image by it), and take what
    earlier runs kept of the faces and the layouts when it still holds."""
    problems = generic.check(game)
    for name in game.rulesets:
        for check in rulesets.get(name).checks:
            problems.extend(check(game))
    made: dict = {}
    icon_warnings: list[Problem] = []  # known once the faces are drawn
    if not problems:  # a [data] value many cards read: once, at its line, not at each card
        problems = datavalues.check(game)
    if not problems:  # faces read the cards' columns, which must be there first
        composed = faces.check(game, kept)
        problems, made = composed.problems, {"drawings": composed.drawings, "digests": composed.digests}
        icon_warnings = warnings.low_dpi_icons(game, composed.icon_sides, "on the cards")
        if not problems:  # the preflight measures faces that drew whole
            icon_warnings += preflight.card_warnings(game, composed.faulty)
            icon_warnings += sheets.check(game, composed.drawings.get, composed.digests.get)
            icon_warnings += colourblind.check(game, composed.seen)
    if not problems:
        with icons.noting_sides({}) as sides:  # an image icon's size in the booklet, handouts and aids
            problems, rules_made = _rules_and_layout(game, papers, kept)
        made.update(rules_made)
        icon_warnings += warnings.low_dpi_icons(game, sides, "in the rules and aids")
        if not any(p.is_error for p in problems):  # laid out whole: measure its text as drawn
            icon_warnings += _text_sizes(game, made, kept)  # and keep what it drew: made["drawn"]
    problems = sorted(set(problems + icon_warnings + warnings.check(game) + unread.check(game)), key=_order)
    return Plan(game, tuple(problems), **made)


def _text_sizes(game: Game, made: dict, kept) -> list[Problem]:
    """textsizes.check, or what it found before for the same game and rules: its cards too,
    whose faces the booklet draws (layoutmemo.py). The booklet and handouts it drew go into
    made["drawn"], for the build to save."""
    hints = measure.Hints(kept, game, made.get("rules"))
    with hints.deciding(f"text sizes {game.components!r}") as decision:
        found = _problems(decision.hint)
        if found is None:
            found, made["drawn"] = textsizes.check(game, made.get("rules"), made.get("booklet"),
                                                   made.get("handouts", {}),
                                                   made["aids"].card_size if "aids" in made else None)
        decision.value = [[p.path, p.line, p.message, p.level] for p in found]
    return found


def _problems(kept) -> list[Problem] | None:
    """Problems kept as data ([path, line, message, level] each), or None if that is not what kept is."""
    if not isinstance(kept, list) or not all(
            isinstance(p, list) and len(p) == 4 and isinstance(p[0], str) and (p[1] is None or type(p[1]) is int)
            and isinstance(p[2], str) and p[3] in ("error", "warning", "note") for p in kept):
        return None
    return [Problem(*p) for p in kept]


def _rules_and_layout(game: Game, papers: tuple[str, ...], kept=None) -> tuple[list[Problem], dict]:
    """rules.md's template and Markdown, then the layout of what is made from it (booklet,
    handouts, aids, score sheet). Checked last: its examples are computed from the cards,
    which must be sound first. Set in the game's fonts, as the build sets them."""
    rules = None
    with fonts.game_roles(gamefonts.rules_roles(game.fonts)):
        if game.rules is not None:
            try:
                rules = read(game)
            except GameError as exc:
                return exc.problems, {}
        measured = measure.check(game, rules, papers, kept)
    made = {"rules": rules, "booklet": measured.booklet, "handouts": measured.handouts, "aids": measured.aids}
    return measured.problems + _partial_body_family(game), made


def _partial_body_family(game: Game) -> list[Problem]:
    """A body family given in part prints on the cards only: say so, rather than let the
    booklet mix two families or fail on a style the cards never use."""
    given = [role for role in gamefonts.BODY_ROLES if role in game.fonts]
    if not given or len(given) == len(gamefonts.BODY_ROLES):
        return []
    lacking = [role for role in gamefonts.BODY_ROLES if role not in game.fonts]
    return [note(game.manifest, game.line_of("fonts", given[0]),
                 f"the booklet, handout and aids keep the bundled body font: they set text in "
                 f"all four body styles; add {', '.join(lacking)} to [fonts] to print them in yours")]


def _order(p: Problem):
    return (p.path, p.line or 0, p.message)
