"""Game folder -> model. Reads game.toml and the CSV files it names; every error found is
collected with its path and line and raised together as one GameError."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from ..text import fonts, gamefonts, icons
from .. import invisible, limits, rulesets
from . import editions, refused
from .csvdata import Table, read_csv
from .workbook import data_file, is_workbook, read_workbook
from ..files import MISSING, OUTSIDE, absent, game_file
from ..elements import ELEMENTS, Param
from .faces import check_shadowed, load_faces
from .schema import CARD_SOURCES, COMPONENT_KEYS, COMPONENT_KINDS, GAME_KEYS, ORIENTATIONS, Schema
from ..errors import GameError, Problem, did_you_mean, problem
from . import layouts as declared_layouts
from ..geometry.layouts import DEFAULT_LAYOUT, LAYOUTS
from ..model import Card, CardSize, Component, Face, Game
from .numbers import typed
from .pieceshape import piece_shape
from ..standard_deck import COLUMNS as STANDARD_COLUMNS
from ..standard_deck import read_spec, rows
from ..toml_lines import line_of, read_toml, shown
from ..units import CARD_SIZES, DEFAULT_BLEED, DEFAULT_SAFE, length

class _Loader:
    def __init__(self, root: Path):
        self.root = root
        self.manifest = root / "game.toml"
        self.problems: list[Problem] = []
        self.lines: dict[tuple, int] = {}
        self.element_types: dict[str, dict[str, Param]] = dict(ELEMENTS)

    # -- reporting -----------------------------------------------------------------------
    def line(self, *keypath) -> int | None:
        return line_of(self.lines, keypath)

    def error(self, keypath: tuple, message: str, path: Path | None = None) -> None:
        self.problems.append(problem(path or self.manifest, self.line(*keypath), message))

    def check_keys(self, table: dict, schema: Schema, keypath: tuple, what: str) -> dict:
        """The table's keys checked against the schema, each fault an error at its line; returns
        the table without the keys at fault, so no later step meets a value of the wrong type."""
        kept = {}
        for key, value in table.items():
            if key not in schema:
                suggestion = did_you_mean(key, schema)
                self.error(keypath + (key,), f"unknown key '{key}' in {what}{suggestion}")
            elif not schema[key][0](value):
                self.error(keypath + (key,), f"'{key}' in {what} must be {schema[key][1]}, got {shown(value)}")
            else:
                kept[key] = value
        for key, (_, expected, required) in schema.items():
            if required and key not in table:
                self.error(keypath, f"{what} is missing the required key '{key}' ({expected})")
        return kept

    def check_folder_name(self) -> None:
        """The folder's name is the game's id: its output folder and the name the gallery and
        messages show. One holding an invisible character would read as another name."""
        name = self.root.resolve().name
        if invisible.holds_any(name):
            self.problems.append(problem(self.manifest, None, f"the game folder's name '{invisible.shown(name)}' "
                                         "holds an invisible character, so it reads as another name: rename "
                                         "the folder"))

    # -- stages --------------------------------------------------------------------------
    def load(self) -> tuple[Game, ...]:
        raw, self.lines = read_toml(self.manifest)
        raw = self.check_keys(raw, GAME_KEYS, (), "game.toml")
        self.check_folder_name()
        if self.problems:
            raise GameError(self.problems)

        names = self.load_rulesets(raw.get("rulesets", []))
        game_icons = icons.read(raw.get("icons", {}), self)
        game_fonts = gamefonts.read(raw.get("fonts", {}), self)
        faces = load_faces(self, raw.get("faces", {}), raw.get("vars", {}))
        components = tuple(self.load_component(i, c, faces) for i, c in enumerate(raw["components"]))
        self.check_components(components)
        check_shadowed(self, components)
        self.check_printed(raw, components, game_fonts)
        for key, most in (("players", limits.MAX_PLAYERS), ("minutes", limits.MAX_MINUTES)):
            for where, message in limits.span_faults(key, *_range(raw[key]), most):
                self.error((where,), message)
        layouts = self.load_layouts(raw)
        rules = raw.get("rules", "rules.md")
        rules_path, fault = game_file(self.root, rules)
        if fault == OUTSIDE:  # a symlink or a path out of the folder: never print another file
            self.error(("rules",), f"rules file '{rules}' points outside the game folder")
        elif fault == MISSING and "rules" in raw:
            self.error(("rules",), f"rules file '{rules}' {absent(rules_path)}")
        if self.problems:
            raise GameError(self.problems)
        return self.editions(raw, Game(
            id=self.root.resolve().name,
            root=self.root,
            manifest=self.manifest,
            title=raw["title"],
            tagline=raw.get("tagline", ""),
            goal=raw.get("goal", ""),
            layout=raw.get("layout", DEFAULT_LAYOUT),
            handout=raw.get("handout", "auto"),
            layouts=MappingProxyType(layouts),
            players=_range(raw["players"]),
            minutes=_range(raw["minutes"]),
            credits=tuple(raw.get("credits", ())),
            components=components,
            faces=MappingProxyType(faces),
            data=MappingProxyType(raw.get("data", {})),
            rulesets=names,
            rules=None if fault else rules_path,
            lines=MappingProxyType(self.lines),
            icons=MappingProxyType(game_icons),
            fonts=MappingProxyType(game_fonts),
        ))

    def editions(self, raw: dict, game: Game) -> tuple[Game, ...]:
        """The game in each of its editions, the default first; a game without [editions] is one."""
        declared = editions.read(raw, self, game)
        for edition in declared[1:]:
            self.check_glyphs(editions.printed(edition), {**game.fonts, **edition.fonts})
        refused.in_toml(raw, (), self)  # a right-to-left script, which would print backwards
        for component in game.components:
            self.problems += refused.in_cards(component)
        for rules in dict.fromkeys([game.rules] + [e.rules for e in declared[1:]]):
            self.problems += refused.in_rules(rules)
        if self.problems:
            raise GameError(self.problems)
        strays = editions.stray_rules(game, [e.code for e in declared])
        game = replace(game, notes=tuple(strays))
        return tuple(editions.localize(game, declared, e) for e in declared) or (game,)

    def check_components(self, components: tuple[Component, ...]) -> None:
        """Ids unique (case folded: one folder on macOS and Windows), and the cap on cards in all."""
        seen: dict[str, int] = {}  # id, case folded (one folder on macOS and Windows) -> its first component
        total = 0
        for i, component in enumerate(components):
            if (first := seen.setdefault(component.id.lower(), i)) != i:
                other = components[first].id
                self.error(("components", i, "id"), f"component id '{component.id}' is used twice"
                           if other == component.id else f"component ids '{other}' and '{component.id}' differ "
                                                         f"only in case: one folder on macOS and Windows")
            total += component.count  # copies count: the cap is on what is printed
            if total > limits.MAX_COUNT >= total - component.count:  # the component that tips it over
                self.error(("components", i), f"the game has more than {limits.MAX_COUNT} cards in all")

    def check_printed(self, raw: dict, components: tuple[Component, ...], game_fonts) -> None:
        """What the booklet, handout and aids print from game.toml, checked in their fonts here,
        so that a character no font has is reported at its own line."""
        printed = [(("title",), "title", raw.get("title"), ("display",)),
                   (("tagline",), "tagline", raw.get("tagline"), ("body-italic",)),
                   (("goal",), "goal", raw.get("goal"), ("body",))]
        printed += [(("credits",), "credits", credit, ("body",)) for credit in raw.get("credits", ())]
        printed += [(("components", i, "name"), f"component '{c.id}': name", c.name, ("body", "body-bold"))
                    for i, c in enumerate(components)]
        self.check_glyphs(printed, game_fonts)

    def check_glyphs(self, printed: list[tuple], game_fonts) -> None:
        """Each (keypath, label, text, font roles): an error at its line for a character no font has."""
        with fonts.game_roles(gamefonts.rules_roles(game_fonts)):
            for keypath, label, text, roles in printed:
                missing = sorted({ch for role in roles for ch in fonts.missing_glyphs(role, text)}) \
                    if isinstance(text, str) else []
                if missing:
                    self.error(keypath, f"{label}: no font has a glyph for {', '.join(f'U+{ord(c):04X}' for c in missing)}")

    def load_layouts(self, raw: dict) -> dict:
        """The game's layouts.toml, and its `layout` one of the built-in or declared ones."""
        try:
            layouts = declared_layouts.read(self.root, LAYOUTS)
        except GameError as exc:
            self.problems += exc.problems
            layouts = {}
        known = (*LAYOUTS, *layouts)
        if raw.get("layout", DEFAULT_LAYOUT) not in known:
            self.error(("layout",), f"unknown layout '{raw['layout']}': choose from {', '.join(known)}"
                       f"{did_you_mean(raw['layout'], known)}")
        return layouts

    def load_rulesets(self, names: list[str]) -> tuple[str, ...]:
        """The rule sets game.toml names and those they require; their painters become element
        types of its faces."""
        used, faults = rulesets.resolve(names)
        for fault in faults:
            self.error(("rulesets",), fault)
        for kind, painter in rulesets.painters(used).items():
            self.element_types.setdefault(kind, dict(painter.params))  # one of ppgen's own is reported above
        return used

    def load_component(self, index: int, table: dict, faces: dict[str, Face]) -> Component:
        keypath = ("components", index)
        cid = table["id"] if isinstance(table.get("id"), str) else f"#{index + 1}"
        what = f"component '{cid}'"
        table = self.check_keys(table, COMPONENT_KEYS, keypath, what)
        kind = table.get("kind", "deck")
        if kind not in COMPONENT_KINDS:
            self.error(keypath + ("kind",), f"{what}: unknown kind {kind!r}; use one of {', '.join(COMPONENT_KINDS)}")
        orientation = table.get("orientation", "portrait")
        if orientation not in ORIENTATIONS:
            self.error(keypath + ("orientation",), f"{what}: orientation must be portrait or landscape, got {orientation!r}")
        size = self.card_size(table.get("size", "poker"), keypath + ("size",), what)
        if size and kind == "mat":
            if "orientation" not in table and size.width > size.height:
                orientation = "landscape"  # a mat reads as its size is written
        if kind == "mat":
            for key in ("data", "count", "back"):
                if key in table:  # a mat is one one-sided drawing: say so rather than ignore it
                    self.error(keypath + (key,), f"{what}: a mat is one drawing printed on one side; "
                                                 f"remove '{key}'")
        bleed = self.length_or_error(table.get("bleed", DEFAULT_BLEED), keypath + ("bleed",), what)
        safe = self.length_or_error(table.get("safe", DEFAULT_SAFE), keypath + ("safe",), what)
        if size:
            count = table.get("count") if isinstance(table.get("count"), int) else None
            for key, message in limits.card_faults(size.width, size.height, bleed, safe, count, kind == "mat"):
                self.error(keypath + (key,), f"{what}: {message}")
                size = None if key == "size" else size
        for side in ("front", "back"):
            name = table.get(side)
            if isinstance(name, str) and "{" in name and kind == "mat":
                self.error(keypath + (side,), f"{what}: a mat has no cards to choose its face by {name!r}")
            elif isinstance(name, str) and "{" not in name and name not in faces:  # "{type}": per card
                suggestion = did_you_mean(name, faces)
                self.error(keypath + (side,), f"{what}: {side} face '{name}' is not defined in [faces]{suggestion}")
        shape, corner = piece_shape(self, table, keypath, what, kind, size)
        cards, columns, data, source = self.component_cards(table, keypath, what)
        return Component(
            id=str(cid), name=table.get("name", str(cid)), kind=kind,
            size=size.oriented(orientation) if size else CardSize(0, 0),
            orientation=orientation, bleed=bleed, safe=safe,
            front=table.get("front"), back=table.get("back"),
            data=data, cards=cards, columns=columns, line=self.line(*keypath),
            header_line=source.header, data_notes=source.notes, shape=shape, corner=corner,
        )

    def component_cards(self, table: dict, keypath: tuple, what: str) -> tuple[tuple[Card, ...], tuple[str, ...],
                                                                             Path | None, Table]:
        """A component's cards, the columns they have, the data file they came from and what reading it
        found, from whichever of its card sources it names (a standard deck, a data file, a count),
        numbers made numeric."""
        cards: tuple[Card, ...] = ()
        columns: tuple[str, ...] = ()
        data = None
        source = Table()
        sources = [key for key in CARD_SOURCES if key in table]
        if len(sources) > 1:
            self.error(keypath + (sources[1],), f"{what}: give its cards by one of {', '.join(CARD_SOURCES)}, "
                                                f"not both {sources[0]} and {sources[1]}")
        elif isinstance(table.get("standard"), dict):
            columns, cards = STANDARD_COLUMNS, self.standard_cards(table["standard"], keypath + ("standard",), what)
        elif isinstance(table.get("data"), str):
            name, sheet = data_file(table["data"])
            data = self.inside(name, keypath + ("data",), what)
            if data is not None:
                source = read_workbook(data, sheet) if is_workbook(data) else read_csv(data)
                columns, cards = source.columns, source.cards
                self.problems += source.problems
                if not cards and not source.problems:  # else the deck is left out of the build, and nothing
                    # says so
                    self.problems.append(problem(data, source.header, f"{what}: no cards: a header row and no "
                                                                      f"card rows"))
        elif isinstance(table.get("count"), int) and 1 <= table["count"] <= limits.MAX_COUNT:
            cards = tuple(Card(str(n + 1), MappingProxyType({"id": str(n + 1)}), 0, self.manifest)
                          for n in range(table["count"]))
        if columns or "data" not in table:  # a data file that could not be read has no columns to check
            cards = self.numeric(cards, columns, table.get("numbers", []), keypath + ("numbers",), what)
        return cards, columns, data, source

    def numeric(self, cards: tuple[Card, ...], columns: tuple[str, ...], numbers: list[str], keypath: tuple,
                what: str) -> tuple[Card, ...]:
        """`numbers = ["points"]`: those columns' values as numbers, each value that is not one an
        error at its card's line."""
        for column in dict.fromkeys(numbers):
            if column == "id":
                self.error(keypath, f"{what}: numbers: 'id' is always text (a card's name), never a number")
            elif column not in columns:
                self.error(keypath, f"{what}: numbers: no column '{column}' to read as numbers"
                                    f"{did_you_mean(column, columns)}")
        cards, faults = typed(cards, [c for c in dict.fromkeys(numbers) if c in columns and c != "id"])
        self.problems += faults
        return cards

    def standard_cards(self, declaration: dict, keypath: tuple, what: str) -> tuple[Card, ...]:
        """`standard = { jokers = 2 }`: the cards of a standard deck, each pointing at the key."""
        spec, faults = read_spec(declaration, did_you_mean)
        for key, message in faults:
            self.error(keypath + (key,), f"{what}: standard deck: {message}")
        if spec is None:
            return ()
        line = self.line(*keypath) or 0
        return tuple(Card(row["id"], MappingProxyType(row), line, self.manifest) for row in rows(spec))

    def card_size(self, value, keypath: tuple, what: str) -> CardSize | None:
        if isinstance(value, str) and not value[:1].isdigit():
            if value not in CARD_SIZES:
                suggestion = did_you_mean(value, CARD_SIZES)
                self.error(keypath, f"{what}: unknown card size '{value}'{suggestion}; "
                                    f"use one of {', '.join(CARD_SIZES)} or [width, height]")
                return None
            return CardSize.named(value)
        if isinstance(value, list) and len(value) == 2:
            try:
                return CardSize.of(*value)
            except ValueError as exc:
                self.error(keypath, f"{what}: size: {exc}")
                return None
        self.error(keypath, f"{what}: size must be a size name or [width, height], got {value!r}")
        return None

    def length_or_error(self, value, keypath: tuple, what: str) -> float:
        try:
            return length(value)
        except ValueError as exc:
            self.error(keypath, f"{what}: {exc}")
            return 0.0

    def inside(self, name: str, keypath: tuple, what: str) -> Path | None:
        """A file named in game.toml: it must exist and stay inside the game folder."""
        path, fault = game_file(self.root, name)
        if fault == OUTSIDE:
            self.error(keypath, f"{what}: '{name}' points outside the game folder")
        elif fault == MISSING:
            self.error(keypath, f"{what}: data file '{name}' {absent(path)}")
        return None if fault else path


def _range(value) -> tuple[int, int]:
    return (value, value) if isinstance(value, int) else (value[0], value[1])


def load_editions(folder: Path) -> tuple[Game, ...]:
    """The game in each of its editions ([editions]), the default first: one for most games."""
    return _Loader(Path(folder)).load()


def load_game(folder: Path) -> Game:
    """The game in its default edition."""
    return load_editions(folder)[0]
