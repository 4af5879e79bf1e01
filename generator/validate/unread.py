"""A warning for a CSV column that nothing reads: no face shows it, rules.md does not name
it and no rule set of the game declares that its code reads it. Most often a misspelt
column or a face that forgot it; a build would just leave it out, silently.

Columns ppgen makes itself never warn: `id`, and those of `count` and `standard = {...}`
components (which have no CSV).
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

from .. import rulesets
from ..load.csvdata import COPIES
from ..elements import placeholders
from ..errors import Problem, warning
from ..sandbox.conditions import when_names
from ..faces.fill import faces_of
from ..model import Game

ALWAYS_READ = {"id", COPIES}  # the card's identity (figures, errors, file names) and its print count
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def check(game: Game) -> list[Problem]:
    read = ALWAYS_READ | _rules_words(game)
    for name in game.rulesets:
        read |= rulesets.get(name).columns_read(game)
    columns: dict[tuple[Path, int], list[str]] = {}  # by (file, header row): a workbook has a sheet per deck
    shown: dict[tuple[Path, int], set[str]] = defaultdict(set)  # two components may share a CSV
    for component in game.components:
        if component.data is None:
            continue
        source = (component.data, component.header_line)
        columns[source] = list(component.columns)
        for side in ("front", "back"):
            shown[source] |= placeholders(getattr(component, side) or "")  # front = "{type}"
            faces = faces_of(game, component, side, complete=True)
            if faces is None:  # a card names no face: that error, not a column read by "nothing"
                shown[source] |= set(component.columns)
            for face in faces or ():
                for element in face.elements:
                    for value in element.params.values():
                        shown[source] |= placeholders(value)
                    shown[source] |= when_names(element.when) if element.when else set()
    return [warning(path, header_line, f"column '{column}' is read by nothing: no face shows {{{column}}}, rules.md "
                             f"does not use it and no rule set of the game reads it")
            for (path, header_line), header in columns.items() for column in header
            if column not in read and column not in shown[path, header_line]]


def _rules_words(game: Game) -> set[str]:
    """Every name and every word of a string inside rules.md's Jinja2 tags: what the template
    may read (card.fields.points, selectattr("fields.points"), fields["points"]). Prose
    outside the tags does not count. A template that does not parse reads nothing here; the
    rules stage reports it."""
    if game.rules is None:
        return set()
    import jinja2  # here, not above: Jinja2 is 15 ms of the start of a build, for a game with rules.md only
    try:
        source = game.rules.read_text(encoding="utf-8")
        tokens = list(jinja2.Environment().lexer.tokenize(source))
    except (OSError, UnicodeDecodeError, jinja2.TemplateSyntaxError):
        return set()
    words: set[str] = set()
    for token in tokens:
        if token.type == "name":
            words.add(token.value)
        elif token.type == "string":
            words.update(_WORD.findall(token.value))
    return words
