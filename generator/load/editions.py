"""Editions: one game in several languages, its faces written once.

    [editions]
    default = "en"                 # the language game.toml, the plain columns and rules.md are in
    [editions.de]
    title = "Münzwurf"             # also tagline, credits, components = { ID = "name" }, data, fonts

Card text of an edition comes from the column `name@de` beside `name`, the rules from
`rules.de.md` beside `rules.md`. Each edition is a Game of its own (`localize`): its card
fields, title, data and rules are the edition's, so faces, rules templates and every later
stage read it unchanged. What an edition does not translate is the default's, listed in one
warning per edition."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from types import MappingProxyType

from .. import rulesets
from ..errors import Problem, did_you_mean, problem, warning
from ..files import OUTSIDE, game_file
from ..model import Component, Game
from ..text import gamefonts
from . import schema
from .languages import closest, code_fault, looks_like, untranslated

MARK = "@"  # name@de: the column `name` in the edition de
MOST_LISTED = 8  # names in a fallback warning before "and N more"

EDITION_KEYS: schema.Schema = {
    **{key: schema.GAME_KEYS[key] for key in ("title", "tagline", "goal", "credits", "data", "fonts")},
    "components": (lambda v: isinstance(v, dict), "a table of component names by id, "
                                                  "such as { coins = \"Münzen\" }", False),
}


@dataclass(frozen=True)
class Edition:
    code: str
    table: dict = field(default_factory=dict)  # [editions.CODE] as checked
    fonts: dict = field(default_factory=dict)  # its [fonts], role -> file
    rules: Path | None = None  # rules.CODE.md, where there is one


class _Prefixed:
    """The loader, reporting at keys under [editions.CODE] (gamefonts.read names ('fonts', role))."""

    def __init__(self, loader, prefix: tuple):
        self.root, self.loader, self.prefix = loader.root, loader, prefix

    def error(self, keypath: tuple, message: str) -> None:
        self.loader.error(self.prefix + keypath, message)


def split(column: str) -> tuple[str, str | None]:
    """'name@de' -> ('name', 'de'); 'name' -> ('name', None)."""
    base, mark, code = column.rpartition(MARK)
    return (base, code) if mark and base and code else (column, None)


def read(raw: dict, loader, game: Game) -> list[Edition]:
    """The editions [editions] declares, the default first ([] for a game without them),
    each fault an error of the loader at its line; and the `@` columns of the data files checked."""
    table = raw.get("editions")
    editions: list[Edition] = []
    if table is not None:  # a table: the schema says so
        editions = _declared(table, loader, game, raw.get("rules", "rules.md"))
    codes = [e.code for e in editions]
    for component in game.components:
        _check_columns(component, codes, loader)
    return editions


def _declared(table: dict, loader, game: Game, rules: str) -> list[Edition]:
    default = table.get("default")
    if not isinstance(default, str):
        loader.error(("editions",), "[editions] needs default = \"CODE\": the language game.toml, the data "
                                    "files' plain columns and rules.md are written in")
        return []
    editions = [Edition(default)]
    for code, value in table.items():
        if fault := code_fault(value if code == "default" else code):
            loader.error(("editions", code), f"[editions]: {fault}")
        elif code == "default":
            continue
        elif not isinstance(value, dict):
            loader.error(("editions", code), f"[editions]: '{code}' must be a table [editions.{code}], got {value!r}")
        elif code == default and set(value) - {"fonts"}:
            loader.error(("editions", code), f"[editions.{code}] is the default edition, written in game.toml "
                                             f"itself: it may give fonts only")
        elif code == default:
            editions[0] = replace(_edition(code, value, loader, game, rules), rules=None)
        else:
            editions.append(_edition(code, value, loader, game, rules))
    return editions


def _edition(code: str, table: dict, loader, game: Game, rules: str) -> Edition:
    keypath = ("editions", code)
    table = loader.check_keys(table, EDITION_KEYS, keypath, f"[editions.{code}]")
    for cid in table.get("components", {}):
        ids = [c.id for c in game.components]
        if cid not in ids:
            loader.error(keypath + ("components", cid), f"[editions.{code}]: no component '{cid}' to name"
                                                        f"{did_you_mean(cid, ids)}")
        elif not isinstance(table["components"][cid], str):
            loader.error(keypath + ("components", cid), f"[editions.{code}]: component '{cid}': a name is a string")
    translated, codes = table.get("data", {}), data_codes(game)
    for key in sorted(set(translated) & set(codes)):
        loader.error(keypath + ("data", key), f"data.{key}: the rule set '{codes[key]}' reads it as codes, the "
                                              f"same in every edition: translate the words printed for them")
    _check_data({k: v for k, v in translated.items() if k not in codes}, dict(game.data), keypath + ("data",), loader)
    fonts = gamefonts.read(table.get("fonts", {}), _Prefixed(loader, keypath))
    return Edition(code, table, fonts, _rules_file(game.rules and rules, code, loader))


def data_codes(game: Game) -> dict[str, str]:
    """The [data] keys the game's rule sets read as codes, not text (each with its rule set)."""
    return {key: name for name in game.rulesets for key in rulesets.get(name).codes}


def _check_data(translated, base, keypath: tuple, loader) -> None:
    """[editions.CODE.data] translates [data]'s texts: its keys are [data]'s, each text a text
    (a number or a true/false is the same in every edition)."""
    where = ".".join(str(k) for k in keypath[2:])
    if isinstance(base, dict) and isinstance(translated, dict):
        for key, value in translated.items():
            if key not in base:
                loader.error(keypath + (key,), f"no key '{key}' in [{where}] to translate{did_you_mean(key, base)}")
            else:
                _check_data(value, base[key], keypath + (key,), loader)
    elif isinstance(base, list) and isinstance(translated, list) and len(base) == len(translated):
        for index, (value, original) in enumerate(zip(translated, base)):
            _check_data(value, original, keypath + (index,), loader)
    elif not (isinstance(base, str) and isinstance(translated, str)):
        what = "a text" if isinstance(base, str) else "not a text, and the same in every edition" \
            if not isinstance(base, (dict, list)) else f"a {'table' if isinstance(base, dict) else 'list'} " \
                                                      f"of {len(base)}"
        loader.error(keypath, f"{where}: [data]'s value is {what}, so the translation must match it")


def _rules_file(rules: str | None, code: str, loader) -> Path | None:
    """rules.CODE.md beside the rules file, when there is one (None: the game has no rules)."""
    if not rules:
        return None
    name = str(PurePosixPath(rules).with_name(edition_rules_name(PurePosixPath(rules), code)))
    path, fault = game_file(loader.root, name)
    if fault == OUTSIDE:
        loader.error(("editions", code), f"[editions.{code}]: '{name}' points outside the game folder")
    return None if fault else path


def edition_rules_name(rules, code: str) -> str:
    return f"{rules.stem}.{code}{rules.suffix}"


def _check_columns(component: Component, codes: list[str], loader) -> None:
    """Each `name@CODE` column names a declared edition other than the default, and a column
    it translates."""
    if component.data is None:
        return
    for column in component.columns:
        base, code = split(column)
        if code is None:
            continue
        at = f"column '{column}'"
        if not codes:
            message = f"{at} is for the edition '{code}', but game.toml declares no [editions]"
        elif code not in codes:
            message = f"{at}: no edition '{code}' in [editions] ({', '.join(codes)}){closest(code, codes)}"
        elif code == codes[0]:
            message = f"{at}: '{code}' is the default edition, whose text is the column '{base}' itself"
        elif base not in component.columns:
            message = f"{at} translates '{base}', a column the header does not have" \
                      f"{did_you_mean(base, [c for c in component.columns if MARK not in c])}"
        else:
            continue
        loader.problems.append(problem(component.data, component.header_line, message))


def stray_rules(game: Game, codes: list[str]) -> list[Problem]:
    """A rules.xx.md that no edition reads: a warning naming it, with the closest edition."""
    if game.rules is None:
        return []
    problems = []
    for path in sorted(game.rules.parent.glob(f"{game.rules.stem}.*{game.rules.suffix}")):
        code = path.name[len(game.rules.stem) + 1:-len(game.rules.suffix) or None]
        if code in codes[1:] or not looks_like(code):  # rules.old.md is no edition's
            continue
        why = ("game.toml declares no [editions]" if not codes else
               f"'{code}' is the default edition, whose rules are {game.rules.name}" if code == codes[0] else
               f"no edition '{code}' in [editions] ({', '.join(codes)}){closest(code, codes)}")
        problems.append(warning(path, None, f"read by nothing: {why}"))
    return problems


# -- each edition as a Game ---------------------------------------------------------------------

def localize(game: Game, editions: list[Edition], edition: Edition) -> Game:
    """The game as the edition prints it: its texts where it has them, the default's where it
    has not (listed in one warning), and no `@` column left for a later stage to meet."""
    default = edition is editions[0]
    table, missing = edition.table, []
    components = tuple(_component(c, None if default else edition.code, missing) for c in game.components)
    if not default:
        for key in ("title", "tagline", "goal", "credits"):
            if getattr(game, key) and key not in table:
                missing.append(key)
        names = table.get("components", {})
        missing += [f"component '{c.id}' name" for i, c in enumerate(game.components)
                    if c.id not in names and ("components", i, "name") in game.lines]
        texts = {k: v for k, v in game.data.items() if k not in data_codes(game)}
        missing += [f"data.{key}" for key in _untranslated(texts, table.get("data", {}))]
        if game.rules is not None and edition.rules is None:
            missing.append(f"rules (no {edition_rules_name(game.rules, edition.code)})")
        components = tuple(replace(c, name=names.get(c.id, c.name)) for c in components)
    notes = (warning(game.manifest, game.line_of("editions", edition.code),
                     f"edition '{edition.code}' prints the default edition's ({editions[0].code}) "
                     f"{_listed(missing)}: they are not translated"),) if missing else ()
    if why := untranslated(edition.code):  # a language ppgen's catalogue lacks: English labels, said once
        at = game.lines.get(("editions", edition.code)) or game.line_of("editions", "default")  # the default: its code
        notes += (warning(game.manifest, at, f"edition '{edition.code}': {why}"),)
    return replace(game, title=table.get("title", game.title), tagline=table.get("tagline", game.tagline),
                   goal=table.get("goal", game.goal),
                   credits=tuple(table.get("credits", game.credits)), components=components,
                   data=MappingProxyType(_merged(dict(game.data), table.get("data", {}))),
                   rules=edition.rules or game.rules, fonts=MappingProxyType({**game.fonts, **edition.fonts}),
                   edition=edition.code, editions=tuple(e.code for e in editions), notes=game.notes + notes,
                   lines=_data_lines(game.lines, edition.code))


def _data_lines(lines, code: str):
    """The game's lines with each [data] key the edition translates at its line in
    [editions.CODE.data]: a check that finds fault with the edition's text names that line."""
    prefix = ("editions", code, "data")
    moved = {("data",) + key[len(prefix):]: line for key, line in lines.items()
             if key[:len(prefix)] == prefix and len(key) > len(prefix)}
    return MappingProxyType({**lines, **moved}) if moved else lines


def _component(component: Component, code: str | None, missing: list[str]) -> Component:
    """The component's cards with the edition's text in each translated column (the default's
    where a cell is empty or the column absent), and its `@` columns gone."""
    translated = {split(c)[0] for c in component.columns if split(c)[1]}
    if not translated:
        return component
    where = component.data.name if component.data else component.id
    absent = sorted(c for c in translated if code and f"{c}{MARK}{code}" not in component.columns)
    missing += [f"{where} column '{c}' (no {c}{MARK}{code})" for c in absent]
    cards, empty = [], []
    for card in component.cards:
        fields = {k: v for k, v in card.fields.items() if MARK not in k or split(k)[1] is None}
        for column in translated - set(absent) if code else ():
            text = card.fields.get(f"{column}{MARK}{code}", "")
            if text.strip():
                fields[column] = text
            elif str(card.fields.get(column, "")).strip():
                empty.append(card.id)
        cards.append(replace(card, fields=MappingProxyType(fields)))
    if empty:
        missing.append(f"{where} cards {_listed(list(dict.fromkeys(empty)))} (empty {MARK}{code} cells)")
    return replace(component, cards=tuple(cards), columns=tuple(c for c in component.columns if split(c)[1] is None))


def _untranslated(base, translated, prefix: str = "") -> list[str]:
    """The keys of [data]'s texts the edition leaves as they are, dotted ('cards.0.name')."""
    if isinstance(base, str):
        return [] if isinstance(translated, str) else [prefix]
    items = base.items() if isinstance(base, dict) else enumerate(base) if isinstance(base, list) else ()
    out = []
    for key, value in items:
        inner = translated.get(key) if isinstance(translated, dict) else \
            translated[key] if isinstance(translated, list) and key < len(translated) else None
        out += _untranslated(value, inner, f"{prefix}.{key}" if prefix else str(key))
    return out


def _merged(base, translated):
    """[data] with the edition's texts in place of the default's."""
    if isinstance(base, dict) and isinstance(translated, dict):
        return {k: _merged(v, translated[k]) if k in translated else v for k, v in base.items()}
    if isinstance(base, list) and isinstance(translated, list) and len(base) == len(translated):
        return [_merged(v, t) for v, t in zip(base, translated)]
    return translated if isinstance(base, str) and isinstance(translated, str) else base


def _listed(names: list[str]) -> str:
    shown = ", ".join(names[:MOST_LISTED])
    return shown + (f" and {len(names) - MOST_LISTED} more" if len(names) > MOST_LISTED else "")


def printed(edition: Edition) -> list[tuple]:
    """What the booklet, handout and aids print of an edition's game.toml texts: (keypath,
    label, text, font roles), as the loader checks the default's glyphs."""
    table, at = edition.table, ("editions", edition.code)
    out = [(at + (key,), f"[editions.{edition.code}] {key}", table[key], roles)
           for key, roles in (("title", ("display",)), ("tagline", ("body-italic",)), ("goal", ("body",)))
           if key in table]
    out += [(at + ("credits",), f"[editions.{edition.code}] credits", credit, ("body",))
            for credit in table.get("credits", ())]
    out += [(at + ("components", cid), f"[editions.{edition.code}] component '{cid}' name", name, ("body", "body-bold"))
            for cid, name in table.get("components", {}).items()]
    return out
