"""SVG art a face draws: read warily, then turned into a ReportLab drawing (svglib) that the
PDF draws as vectors and the PNG rasterises (faces/svgdraw.py), one reading for both so the
two agree.

An SVG is a program of sorts, so before svglib sees it the file is parsed here with expat and
refused when it could reach outside itself or grow without bound: a DOCTYPE or entity (the
billion laughs), a reference to anything but its own elements or an embedded data: picture
(a URL, another file), text (drawn in whatever font the machine has, so not the same
everywhere: convert it to paths), more elements than MAX_ELEMENTS once every <use> is
expanded or more path data than MAX_PATH_DATA (svglib is slow: the bounds keep a build in
seconds), nesting deeper than MAX_DEPTH, or a size beyond MAX_SIDE."""

from __future__ import annotations

import base64
import io
import logging
import re
import xml.parsers.expat
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PIL import Image

SUFFIX = ".svg"
MAX_BYTES = 10 * 1024 * 1024  # far beyond any icon or illustration
MAX_ELEMENTS = 10_000  # counted with every <use> expanded (a chain of <use> multiplies); svglib
# takes about 4 s to read 10,000, and a minute for 50,000
MAX_PATH_DATA = 1_000_000  # characters of path data (d, points) in all: about 70,000 points, read in 1 s
MAX_DEPTH = 100  # svglib reads nested groups recursively
MAX_EMBEDDED_PIXELS = 50_000_000  # of the PNG and JPEG pictures it embeds, in all
MAX_SIDE = 100_000  # user units (px) of width, height or viewBox: ~35 m at 72 dpi
SVG_NS = "http://www.w3.org/2000/svg"
TEXT_ELEMENTS = {"text", "tspan", "textPath", "tref"}
_DATA = re.compile(r"data:image/(png|jpeg|jpg);base64,", re.IGNORECASE)
_URL = re.compile(r"url\(\s*['\"]?([^)'\"]*)", re.IGNORECASE)
_NUMBER = re.compile(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(px|pt|mm|cm|in|pc)?\s*$")
_UNIT = {None: 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}


def is_svg(path) -> bool:
    return Path(str(path)).suffix.lower() == SUFFIX


class Refused(Exception):
    """Why an SVG may not be drawn."""


@dataclass
class _Node:
    name: str
    ref: str | None = None  # a <use>'s target id
    children: list = field(default_factory=list)


@lru_cache(maxsize=256)
def svg_fault(path: str) -> str | None:
    """Why the SVG at path cannot be printed, or None when it can."""
    try:
        _check(_read(path))
        if _load(path) is None:
            return "cannot be read as SVG"
    except Refused as why:
        return str(why)
    return None


def drawing(path: str):
    """The ReportLab drawing of a checked SVG (svg_fault(path) is None)."""
    return _load(path)


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise Refused(f"cannot be read ({exc.strerror or exc})") from None
    if len(data) > MAX_BYTES:
        raise Refused(f"is larger than {MAX_BYTES // (1024 * 1024)} MB, too large for an SVG a face draws")
    return data


def _check(data: bytes) -> None:
    """Parse with expat, refusing what could reach outside the file or grow without bound."""
    reader = _Reader()
    try:
        reader.parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as exc:
        raise Refused(f"is not well-formed XML (line {exc.lineno}: "
                      f"{xml.parsers.expat.ErrorString(exc.code)})") from None
    if not reader.stack[0].children:
        raise Refused("has no <svg> element")
    try:
        too_many = _expanded(reader.stack[0], reader.ids, {}, set()) > MAX_ELEMENTS
    except RecursionError:  # a chain of <use>, each naming the next
        too_many = True
    if too_many:
        raise Refused(f"has more than {MAX_ELEMENTS:,} elements once each <use> is expanded")


class _Reader:
    """expat's handlers: the tree of elements (with each <use>'s target) and the running
    totals, each element checked as it opens."""

    def __init__(self):
        self.parser = xml.parsers.expat.ParserCreate(namespace_separator=" ")
        self.parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)
        self.parser.StartDoctypeDeclHandler = self.parser.EntityDeclHandler = self.refuse_doctype
        self.parser.StartElementHandler, self.parser.EndElementHandler = self.start, self.end
        self.parser.CharacterDataHandler = self.text
        self.stack: list[_Node] = [_Node("")]
        self.ids: dict[str, _Node] = {}
        self.pixels = self.path_data = 0  # of the pictures embedded; characters of d and points

    def refuse_doctype(self, *_):
        raise Refused("declares a DOCTYPE, which an SVG a face draws may not (entities could expand "
                      "without bound): delete the <!DOCTYPE ...> line")

    def start(self, name: str, attrs: dict) -> None:
        local, line = name.rsplit(" ", 1)[-1], self.parser.CurrentLineNumber
        if len(self.stack) == 1:
            _check_root(name, attrs)
        if len(self.stack) > MAX_DEPTH:
            raise Refused(f"nests elements more than {MAX_DEPTH} deep")
        if local in TEXT_ELEMENTS:
            raise Refused(f"has <{local}> text (line {line}), drawn in whatever font "
                          f"the machine has: convert the text to paths in your editor")
        ref, pixels, path_data = _check_attributes(local, attrs, line)
        self.pixels += pixels
        self.path_data += path_data
        if self.pixels > MAX_EMBEDDED_PIXELS:
            raise Refused(f"embeds pictures of more than {MAX_EMBEDDED_PIXELS // 1_000_000} million pixels in all")
        if self.path_data > MAX_PATH_DATA:
            raise Refused(f"has more than {MAX_PATH_DATA:,} characters of path data (d and points) in all; "
                          f"simplify its paths")
        node = _Node(local, ref)
        if attrs.get("id"):
            self.ids[attrs["id"]] = node
        self.stack[-1].children.append(node)
        self.stack.append(node)

    def end(self, name: str) -> None:
        self.stack.pop()

    def text(self, text: str) -> None:
        if self.stack[-1].name == "style":
            _check_style_text(text, self.parser.CurrentLineNumber)


def _check_root(name: str, attrs: dict) -> None:
    if name != f"{SVG_NS} svg":
        raise Refused(f"is not an SVG: its first element is <{name.rsplit(' ', 1)[-1]}>, not an <svg> "
                      f"in the SVG namespace (xmlns=\"{SVG_NS}\")")
    sides = [(key, _length(key, attrs[key])) for key in ("width", "height") if key in attrs]
    if "viewBox" in attrs:
        parts = attrs["viewBox"].replace(",", " ").split()
        if len(parts) != 4:
            raise Refused(f"has a viewBox '{attrs['viewBox']}' that is not four numbers")
        sides += [("viewBox", _length("viewBox", part)) for part in parts[2:]]
    elif len(sides) < 2:
        raise Refused("has no size: give its <svg> a viewBox (or a width and a height)")
    for key, value in sides:
        if not 0 < value <= MAX_SIDE:
            raise Refused(f"has a {key} of {value:g} px: an SVG's size must be above 0 and at most {MAX_SIDE:,}")


def _length(key: str, text: str) -> float:
    match = _NUMBER.match(text)
    if not match:
        raise Refused(f"has a {key} of '{text}', not a length (a number, maybe with px, pt, mm, cm or in)")
    return float(match.group(1)) * _UNIT[match.group(2)]


def _check_attributes(local: str, attrs: dict, line: int) -> tuple[str | None, int, int]:
    """Every reference stays inside the file: '#id', or a data: picture. (The <use> target,
    the pixels of the pictures embedded, the characters of path data.)"""
    ref, pixels = None, 0
    for key, value in attrs.items():
        if key.rsplit(" ", 1)[-1] == "href":
            target = value.strip()
            if target.startswith("data:"):
                pixels += _embedded_pixels(target, line)
            elif not target.startswith("#"):
                raise Refused(f"refers to '{target[:80]}' (line {line}): an SVG a face draws may refer only "
                              f"to its own elements ('#id') or embed a PNG or JPEG as a data: URI")
            if local == "use" and target.startswith("#"):
                ref = target[1:]
        for url in _URL.findall(value):
            _check_url(url, line)
    return ref, pixels, sum(len(attrs[key]) for key in ("d", "points") if key in attrs)


def _embedded_pixels(uri: str, line: int) -> int:
    """The pixels of a picture embedded as data:image/png or jpeg;base64, read from its header."""
    match = _DATA.match(uri)
    if not match:
        raise Refused(f"embeds '{uri[:40]}...' (line {line}): an SVG a face draws may embed only PNG or JPEG "
                      f"pictures, as data:image/png;base64,... or data:image/jpeg;base64,...")
    try:
        with Image.open(io.BytesIO(base64.b64decode(uri[match.end():]))) as picture:
            if picture.format not in ("PNG", "JPEG"):
                raise Refused(f"embeds a {picture.format} picture (line {line}); it may embed only PNG or JPEG")
            return picture.width * picture.height
    except (OSError, ValueError, Image.DecompressionBombError):
        raise Refused(f"embeds a picture that cannot be read as a PNG or JPEG (line {line})") from None


def _check_url(url: str, line: int) -> None:
    if not url.strip().startswith("#"):
        raise Refused(f"refers to url({url.strip()[:80]}) (line {line}): an SVG a face draws may refer "
                      f"only to its own elements")


def _check_style_text(text: str, line: int) -> None:
    if "@import" in text.lower():
        raise Refused(f"imports a style sheet (line {line}): an SVG a face draws may not read other files")
    for url in _URL.findall(text):
        _check_url(url, line)


def _expanded(node: _Node, ids: dict, sizes: dict, seen: set) -> int:
    """Elements drawn with every <use> replaced by its target, each counted once per use; a
    <use> that leads back to itself counts as too many (svglib would loop)."""
    if id(node) in seen:
        return MAX_ELEMENTS + 1
    if id(node) in sizes:
        return sizes[id(node)]
    seen.add(id(node))
    total = 1
    target = ids.get(node.ref) if node.ref else None
    if target is not None:
        total += _expanded(target, ids, sizes, seen)
    for child in node.children:
        total += _expanded(child, ids, sizes, seen)
        if total > MAX_ELEMENTS:
            break
    seen.discard(id(node))
    sizes[id(node)] = total
    return total


@lru_cache(maxsize=64)
def _load(path: str):
    """svglib's drawing of a checked file; its complaints go nowhere (the checks above speak)."""
    # imported here, on first use: svglib and lxml take 0.15 s to load, which every ppgen
    # command would pay for the few games with SVG art
    from svglib.svglib import svg2rlg

    logging.getLogger("svglib").setLevel(logging.CRITICAL)
    try:
        result = svg2rlg(path, resolve_entities=False, external_reference_root=str(Path(path).parent))
    except Exception:  # svglib raises what its parsers raise; the file is what is wrong
        return None
    if result is None or not result.width or not result.height:
        return None
    return result
