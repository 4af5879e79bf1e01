"""Checks every game gets, whatever its rules: card ids, the CSV columns faces read,
the files faces and the manifest point at."""

from __future__ import annotations

from typing import Mapping

from ..files import MISSING, OUTSIDE, absent, game_file
from ..elements import GAME_FIELDS, data_placeholders, formatted, game_placeholders, malformed, placeholders, unnamed
from ..errors import Problem, did_you_mean, problem
from ..sandbox.conditions import when_data, when_names
from ..faces.fill import faces_of, fill
from ..images import art_fault
from ..parts.cardpng import file_name
from ..model import Card, Component, Game

def check(game: Game) -> list[Problem]:
    problems: list[Problem] = []
    for index, component in enumerate(game.components):
        problems += _unique_ids(component)
        problems += _faces_read_known_columns(game, index, component)
    problems += _face_files(game)
    return problems


def _unique_ids(component: Component) -> list[Problem]:
    """Card ids differ, and so do the file names made of them (their images, their TTS and
    gallery pictures): 'a/b' and 'a-b' both make a-b-front.png, and 'A1' and 'a1' make one
    file on macOS and Windows, whose file systems fold case."""
    first_line: dict[str, int] = {}
    named: dict[str, Card] = {}  # file name, case folded -> the first card to make it
    problems = []
    for card in component.cards:
        if card.id in first_line:
            problems.append(problem(card.path, card.line,
                                    f"card {card.id}: id already used on line {first_line[card.id]}"))
            continue
        first_line[card.id] = card.line
        name = file_name(card.id)
        other = named.setdefault(name.lower(), card)  # file names are ASCII (file_name)
        if other is not card:
            ids = f"ids '{other.id}'{f' (line {other.line})' if other.path == card.path else ''} and '{card.id}'"
            shared = file_name(other.id)
            clash = (f"make the same file name '{name}': make them differ in letters or digits" if shared == name
                     else f"make the file names '{shared}' and '{name}', one file on macOS and Windows, which "
                          f"ignore case: make them differ in more than case")
            problems.append(problem(card.path, card.line, f"card {card.id}: {ids} {clash}"))
    return problems


def _faces_read_known_columns(game: Game, number: int, component: Component) -> list[Problem]:
    problems = []
    available = set(component.columns) or {"id"}
    where = component.data.name if component.data else "its cards"
    for side in ("front", "back"):
        template = getattr(component, side) or ""
        for column in sorted(placeholders(template) - available):  # front = "{type}"
            problems.append(problem(game.manifest, game.line_of("components", number, side),
                                    f"component '{component.id}': {side} = {template!r} reads column "
                                    f"'{column}', which {where} does not have{did_you_mean(column, available)}"))
        if malformed(template) or formatted(template) or unnamed(template):
            problems.append(problem(game.manifest, game.line_of("components", number, side),
                                    f"component '{component.id}': {side} = {template!r} is not a face name "
                                    f"or a plain {{column}} placeholder"))
    for face in {f.name: f for side in ("front", "back") for f in faces_of(game, component, side)}.values():
        for index, element in enumerate(face.elements):
            if element.when is not None:
                line = game.line_of("faces", face.name, "elements", index, "when")
                problems += [problem(game.manifest, line, f"face '{face.name}' {element.type} 'when' reads {fault}")
                             for fault in _when_faults(game, element.when, component, where)]
            for name, value in element.params.items():
                line = game.line_of("faces", face.name, "elements", index, name)  # the key's own line
                for fact in sorted(game_placeholders(value) - set(GAME_FIELDS)):
                    problems.append(problem(game.manifest, line,
                                            f"face '{face.name}' {element.type} '{name}' reads 'game.{fact}'; "
                                            f"faces can read {', '.join('game.' + f for f in GAME_FIELDS)}"))
                for column in sorted(placeholders(value) - available):
                    problems.append(problem(
                        game.manifest, line,
                        f"face '{face.name}' {element.type} '{name}' reads column '{column}', "
                        f"{_lacking(column, where, component)}"))
                for fault in _data_faults(game, value):
                    problems.append(problem(game.manifest, line, f"face '{face.name}' {element.type} '{name}': {fault}"))
                for placeholder in formatted(value):
                    problems.append(problem(game.manifest, line,
                                            f"face '{face.name}' {element.type} '{name}': {placeholder} asks for a "
                                            f"format; write the plain {{column}}"))
                if malformed(value):
                    problems.append(problem(game.manifest, line,
                                            f"face '{face.name}' {element.type} '{name}': unbalanced braces in {value!r}"))
                if unnamed(value):
                    problems.append(problem(game.manifest, line, f"face '{face.name}' {element.type} '{name}': "
                                                                 f"a {{}} names no column; write {{column}}"))
    return problems


def _when_faults(game: Game, when: str, component: Component, where: str) -> list[str]:
    """What a `when` reads that is not there: a column, or a key of [data] it names."""
    available = set(component.columns) or {"id"}
    faults = [f"column '{column}', {_lacking(column, where, component)}"
              for column in sorted(when_names(when) - available - {"data"})]
    if "data" in available:  # the card's own column named data hides [data]
        return faults
    return faults + [missing for keys in sorted(when_data(when)) if (missing := _data_missing(game.data, keys))]


def _data_missing(data: Mapping, keys: tuple[str, ...]) -> str | None:
    """'[data.x], which game.toml does not have' for the first key a table of [data] lacks."""
    node, where = data, "data"
    for key in keys:
        if not isinstance(node, Mapping):
            return None  # a value's own attribute ('data.name.upper'): the condition runs it
        where += "." + key
        if key not in node:
            return f"[{where}], which game.toml does not have{did_you_mean(key, [str(k) for k in node])}"
        node = node[key]
    return None


def _lacking(column: str, where: str, component: Component) -> str:
    available = component.columns or ("id",)
    return f"which {where} (component '{component.id}') does not have{did_you_mean(column, available)}"


def _data_faults(game: Game, value) -> list[str]:
    """{data.x} must name a value of game.toml's [data], {data.TABLE[column]} a table there."""
    faults = []
    for path, column in sorted(data_placeholders(value), key=str):
        node, where, hint = game.data, "data", ""
        for key in path.split("."):
            hint = hint or (did_you_mean(key, node) if isinstance(node, Mapping) and key not in node else "")
            node = node.get(key) if isinstance(node, Mapping) else None
            where += "." + key
        shown = f"{{data.{path}{f'[{column}]' if column else ''}}}"
        if node is None:
            faults.append(f"{shown} reads [{where}], which game.toml does not have{hint}")
        elif column and not isinstance(node, Mapping):
            faults.append(f"{shown} looks up [{where}], which is not a table")
        elif not column and isinstance(node, (Mapping, list)):
            faults.append(f"{shown} is a table or list; look a key up by a column: {{data.{path}[column]}}")
    return faults


def _face_files(game: Game) -> list[Problem]:
    """Every image a face draws must exist inside the game folder, for every card, and be a
    PNG or JPEG that opens whole within the pixel budget, or SVG art that passes svgart.py."""
    problems = []
    for component in game.components:
        for face in {f.name: f for side in ("front", "back") for f in faces_of(game, component, side)}.values():
            for index, element in enumerate(face.elements):
                template = element.params.get("path")
                if element.type != "image" or not isinstance(template, str):
                    continue
                line = game.line_of("faces", face.name, "elements", index, "path")
                cards = component.cards if placeholders(template) else component.cards[:1]
                for card in cards:
                    try:
                        name = fill(template, card.fields, game)
                    except (KeyError, ValueError):
                        continue  # reported by _faces_read_known_columns
                    path, fault = game_file(game.root, name)
                    who = f"card {card.id}: " if placeholders(template) else ""
                    if fault == OUTSIDE:
                        problems.append(problem(game.manifest, line,
                                                f"{who}face '{face.name}' image '{name}' points outside the game folder"))
                    elif fault == MISSING:
                        problems.append(problem(game.manifest, line,
                                                f"{who}face '{face.name}' image '{name}' {absent(path)}"))
                    elif why := art_fault(str(path)):
                        problems.append(problem(path, None, f"{who}face '{face.name}': this image {why}"))
    return problems
