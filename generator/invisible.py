"""Invisible characters in user text: controls (Unicode Cc but tab and newline), format
characters (Cf: the bidi overrides and isolates U+202A-E and U+2066-9, the marks U+200E/F
and U+061C, U+FEFF...), line and paragraph separators and lone surrogates. A card id or
name holding them reads as something else on a page (`abc\\u202egnp.exe` shows as
`abcexe.png`), so where ppgen writes user text for a person to read they are made visible
(HTML) or escaped (JSON), never passed on raw."""

from __future__ import annotations

import functools
import re
import unicodedata
from .lasting import lasting

KINDS = ("Cc", "Cf", "Cs", "Zl", "Zp")  # Unicode general categories
KEPT = "\t\n"  # controls that text may hold: they show as what they are
# Planes 0, 1 and 14 hold every character of those kinds (2 to 13 are ideographs or
# unassigned, 15 and 16 private use): looking only there keeps the first use at ~20 ms.
PLANES = (range(0, 0x20000), range(0xE0000, 0xF0000))


@lasting
@functools.cache
def _pattern() -> re.Pattern:
    """One character class of every invisible character, built when first needed."""
    found = [code for plane in PLANES for code in plane
             if unicodedata.category(chr(code)) in KINDS and chr(code) not in KEPT]
    spans, start = [], found[0]
    for previous, code in zip(found, found[1:] + [None]):
        if code != previous + 1:
            spans.append(f"{_escaped(start)}-{_escaped(previous)}" if previous > start else _escaped(start))
            start = code
    return re.compile(f"[{''.join(spans)}]")


def _escaped(code: int) -> str:
    return f"\\U{code:08x}"  # re's own escape: a surrogate or a control is safe in the class


def _has_any(text: str) -> bool:
    # str.isprintable is a fast test that is False for every invisible character (and for
    # a few harmless ones, such as no-break space, and KEPT: taken out first, as every JSON
    # file ppgen writes has lines, and the pattern costs 20-60 ms to build)
    return not text.replace("\n", "").replace("\t", "").isprintable() and _pattern().search(text) is not None


def holds_any(text: str) -> bool:
    """True if the text holds an invisible character."""
    return _has_any(text)


def shown(text: str) -> str:
    """Text for a page a person reads: each invisible character written out, '<U+202E>'."""
    if not _has_any(text):
        return text
    return _pattern().sub(lambda m: f"<U+{ord(m.group()):04X}>", text)


def json_escaped(text: str) -> str:
    """JSON text (as json.dumps writes it) with each invisible character as its \\u escape:
    JSON holds such a character only inside a string, where the escape means the same."""
    if not _has_any(text):
        return text
    return _pattern().sub(lambda m: _json_escape(m.group()), text)


def _json_escape(char: str) -> str:
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # beyond the BMP, JSON escapes the UTF-16 surrogate pair
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
