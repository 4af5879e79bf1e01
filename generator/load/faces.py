"""[faces] -> Face records: a face said once and reused. A face may `extends = "other"` and
override (an element of the same `name`, its keys over the other's), add (new elements,
drawn on top) or `drop = ["name"]` elements; `[vars]` of the game and `vars = {...}` of a
face (a face's own over those it extends, over the game's) are filled into every value;
`repeat` draws an element many times (repeat.py). All of it happens here, at load time, into
ordinary elements; each expanded element's keys are given the lines they were written on,
so every later report names the line the designer wrote."""

from __future__ import annotations

from ..errors import did_you_mean
from .. import limits
from ..elements import is_color
from ..model import Face
from ..toml_lines import line_of, shown
from .element import load_element
from .names import MAX_VARS, NAME, RESERVED, Budget, resolve, substitute
from .repeat import expand
from .schema import FACE_KEYS

MAX_EXTENDS = 8  # faces in a chain of extends
MAX_ALL_ELEMENTS = 50_000  # elements of all the faces once expanded: a face extended a thousand times


class _Faces:
    def __init__(self, loader, raw_faces: dict, game_vars: dict):
        self.loader = loader
        self.raw = raw_faces
        self.declared: dict[str, tuple] = {}  # every var's name -> where it is first declared
        self.budget = Budget()  # characters that filling vars and indexes may make, in all
        self.total = 0  # elements of the faces expanded so far
        self.game_vars, faults = resolve(self.checked_vars(game_vars, ("vars",), "[vars]"))
        for var, message in faults:
            self.error(("vars", var), message)
        self.resolved: dict[str, tuple[dict, list] | None] = {}  # face -> (keys, [(element, where)])
        self.lineage: dict[str, tuple[str, ...]] = {}  # face -> itself and the faces it extends, in turn

    def error(self, keypath: tuple, message: str) -> None:
        self.loader.error(keypath, message)

    def checked_vars(self, table, keypath: tuple, what: str) -> dict:
        if not isinstance(table, dict):
            self.error(keypath, f"{what} must be a table of named values, such as {{ margin = \"4mm\" }}")
            return {}
        if len(table) > MAX_VARS:
            self.error(keypath, f"{what} has {len(table)} values; at most {MAX_VARS}")
            return {}
        kept = {}
        for name, value in table.items():
            self.declared.setdefault(name, keypath + (name,))
            if not NAME.fullmatch(name) or name in RESERVED:
                why = f"'{name}' is {'a repeat index or a placeholder of its own' if name in RESERVED else 'not a name'}"
                self.error(keypath + (name,), f"{what}: {why}; a var's name is letters, digits and _ "
                                              f"(not {', '.join(RESERVED)})")
            elif isinstance(value, bool) or not isinstance(value, (str, int, float)):
                self.error(keypath + (name,), f"{what}: '{name}' must be a string or a number, got {shown(value)}")
            else:
                kept[name] = value
        return kept

    # -- extends ---------------------------------------------------------------------------
    def face(self, name: str, chain: tuple[str, ...] = ()) -> tuple[dict, list] | None:
        """A face's own keys and its elements, those it extends merged in (None: at fault)."""
        if name in self.resolved:
            return self.resolved[name]
        keypath = ("faces", name)
        table = self.raw[name]
        if not isinstance(table, dict):
            self.error(keypath, f"face '{name}' must be a table ([faces.{name}])")
            self.resolved[name] = None
            return None
        table = self.loader.check_keys(table, FACE_KEYS, keypath, f"face '{name}'")
        self.resolved[name] = None  # while it is being resolved: a cycle finds None
        keys, elements = self.parent(name, table, (*chain, name))
        self.lineage.setdefault(name, (name,))
        keys = {**keys, **{k: v for k, v in table.items() if k not in ("elements", "vars", "drop", "extends")}}
        keys["vars"] = {**keys.get("vars", {}), **self.checked_vars(table.get("vars", {}), keypath + ("vars",),
                                                                   f"face '{name}': vars")}
        elements = self.dropped(name, table, elements)
        self.resolved[name] = (keys, self.merged(name, table.get("elements", []), elements))
        return self.resolved[name]

    def parent(self, name: str, table: dict, chain: tuple[str, ...]) -> tuple[dict, list]:
        """The keys and elements of the face `name` extends, or none."""
        other = table.get("extends")
        keypath = ("faces", name, "extends")
        if other is None:
            return {}, []
        if other not in self.raw:
            self.error(keypath, f"face '{name}' extends '{other}', which [faces] does not define"
                                f"{did_you_mean(other, self.raw)}")
            return {}, []
        if other in chain:
            self.error(keypath, f"face '{name}': extends goes round in a circle: "
                                f"{' -> '.join((*chain[chain.index(other):], other))}")
            return {}, []
        resolved = self.face(other, chain)
        lineage = (name, *self.lineage.get(other, (other,)))
        if len(lineage) > MAX_EXTENDS:
            self.error(keypath, f"face '{name}': a chain of extends may be at most {MAX_EXTENDS} faces long: "
                                f"{' -> '.join(lineage[:MAX_EXTENDS + 1])}{' -> ...' if len(lineage) > MAX_EXTENDS + 1 else ''}")
            return {}, []
        self.lineage[name] = lineage
        return resolved if resolved is not None else ({}, [])

    def dropped(self, name: str, table: dict, elements: list) -> list:
        names = [element.get("name") for element, _ in elements]
        for gone in table.get("drop", []):
            if gone not in names:
                known = [n for n in names if isinstance(n, str)]
                self.error(("faces", name, "drop"), f"face '{name}': drop names '{gone}', which "
                                                    f"{'no element it extends has' if known else 'is not there: it extends no named element'}"
                                                    f"{did_you_mean(gone, known)}")
        return [(element, where) for element, where in elements if element.get("name") not in table.get("drop", [])]

    def merged(self, name: str, own: list, inherited: list) -> list:
        """Inherited elements with those of the same name overridden in place, then the face's
        own new ones; each with, for every key, the keypath of the table it was written in."""
        elements = list(inherited)
        at = {element.get("name"): i for i, (element, _) in enumerate(elements) if isinstance(element.get("name"), str)}
        seen: set[str] = set()
        for i, element in enumerate(own):
            keypath = ("faces", name, "elements", i)
            label = element.get("name")
            if label is not None and not isinstance(label, str):
                self.error(keypath + ("name",), f"face '{name}': an element's name must be a string, got {shown(label)}")
                label = None
            if label in seen:
                self.error(keypath + ("name",), f"face '{name}': two elements are named '{label}'")
            where = {key: keypath for key in element}
            if label in at and label not in seen:
                base, base_where = elements[at[label]]
                elements[at[label]] = ({**base, **element}, {**base_where, **where, "": keypath})
            else:
                elements.append((element, {**where, "": keypath}))
            if label:
                seen.add(label)
        return elements


def load_faces(loader, raw_faces: dict, game_vars: dict) -> dict:
    """Every face of [faces], its extends, vars and repeats expanded into ordinary elements."""
    faces = _Faces(loader, raw_faces, game_vars)
    written = _written(loader.lines)
    result = {}
    for name in raw_faces:
        resolved = faces.face(name)
        keypath = ("faces", name)
        if resolved is None:
            continue
        keys, elements = resolved
        values, faults = resolve(keys.get("vars", {}), faces.game_vars)
        for var, message in faults:
            loader.error(keypath + ("vars", var), f"face '{name}': {message}")
        try:
            background = substitute(keys.get("background"), values)
        except ValueError as exc:  # filled past MAX_FILLED
            background = None
            loader.error(keypath + ("background",), f"face '{name}': background: {exc}")
        if isinstance(background, str) and not is_color(background):
            loader.error(keypath + ("background",), f"background must be a colour like '#ffffff', got {background!r}")
        copies = _copies(loader, name, elements, values, faces.budget)
        faces.total += len(copies)
        if len(copies) > limits.MAX_ELEMENTS or faces.total > MAX_ALL_ELEMENTS:
            if len(copies) > limits.MAX_ELEMENTS:
                loader.error(keypath, f"face '{name}' has {len(copies)} elements; a face may have "
                                      f"at most {limits.MAX_ELEMENTS}")
            elif faces.total - len(copies) <= MAX_ALL_ELEMENTS:  # said at the face that tips it over
                loader.error(keypath, f"face '{name}': the faces hold more than {MAX_ALL_ELEMENTS:,} elements "
                                      f"in all once extends and repeats are expanded")
            result[name] = Face(name, (), background, loader.line(*keypath))  # known, so not "not defined"
            continue
        _relined(loader.lines, written, name, copies)
        before = len(loader.problems)
        loaded = [load_element(loader, table, ("faces", name, "elements", i), name) for i, (table, _) in enumerate(copies)]
        _once(loader.problems, before)
        result[name] = Face(name, tuple(loaded), background, loader.line(*keypath))
    loader.var_names = faces.declared
    return result


def check_shadowed(loader, components) -> None:
    """A var named as a column hides the column from every face: {suit} would be the var."""
    for component in components:
        for column in component.columns:
            if column in getattr(loader, "var_names", {}):
                where = component.data.name if component.data else f"component '{component.id}'"
                loader.error(loader.var_names[column], f"var '{column}' has the name of a column of {where}: "
                                                      f"faces would read the var, never the column; rename the var")
                loader.var_names = {k: v for k, v in loader.var_names.items() if k != column}  # said once


def _copies(loader, face: str, elements: list, values: dict, budget: Budget) -> list:
    """Each element with the vars filled in and its repeat expanded, beside where its keys were written."""
    copies = []
    for element, where in elements:
        home = where[""]

        def fault(key, message, home=home, where=where):
            loader.error((*where.get("repeat", home), "repeat", key) if key else (*where.get("repeat", home), "repeat"),
                         f"face '{face}': {message}")
        try:
            filled = substitute({k: v for k, v in element.items() if k != "name"}, values, budget)
            copies += [(copy, where) for copy in expand(filled, fault, budget)]
        except ValueError as exc:
            if budget.left >= 0 or not budget.said:  # the budget spent is said once, not for every element after
                loader.error(home, f"face '{face}': {exc}")
            budget.said = budget.said or budget.left < 0
        if len(copies) > limits.MAX_ELEMENTS:
            break  # reported by the caller; no need to expand the rest
    return copies


def _relined(lines: dict, written: dict, face: str, copies: list) -> None:
    """Give ("faces", face, "elements", i, key) the line each copy's key was written on, so the
    checks after loading (which read lines by a face's element index) name the right line.
    `written` is the lines of the elements as game.toml has them, by element."""
    prefix = ("faces", face, "elements")
    for key in written["by face"].get(face, ()):
        lines.pop(key, None)
    for i, (_, where) in enumerate(copies):
        lines[prefix + (i,)] = line_of(written["all"], where[""])
        for key, table in where.items():
            if not key:
                continue
            for inner, line in written.get(table, {}).items():
                if inner[:1] == (key,):
                    lines[prefix + (i,) + inner] = line


def _written(lines: dict) -> dict[tuple, dict[tuple, int]]:
    """The lines of every face element as written: ("faces", F, "elements", j) -> {(key, ...): line}."""
    index: dict = {"all": dict(lines), "by face": {}}
    for key, line in lines.items():
        if len(key) >= 4 and key[0] == "faces" and key[2] == "elements":
            index.setdefault(key[:4], {})[key[4:]] = line
            index["by face"].setdefault(key[1], []).append(key)
    return index


def _once(problems: list, start: int) -> None:
    """The copies of one repeated element report one fault once, not once a copy."""
    seen, kept = set(), []
    for fault in problems[start:]:
        key = (str(fault.path), fault.line, fault.message)
        if key not in seen:
            seen.add(key)
            kept.append(fault)
    problems[start:] = kept
