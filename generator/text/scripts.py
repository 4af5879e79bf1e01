"""Which writing system a text is in, where ppgen must set it differently from Latin: a
right-to-left script (Arabic, Hebrew, ...), which ppgen cannot yet shape and order, so it is
refused rather than printed with its letters backwards; and CJK ideographs and kana, which
wrap between any two characters since their words have no spaces between them."""

from __future__ import annotations

import unicodedata
from itertools import groupby

RIGHT_TO_LEFT = ("R", "AL")  # Unicode bidirectional classes of right-to-left letters


def right_to_left(text: str) -> tuple[str, str] | None:
    """(script, the character) of the first right-to-left letter in text, or None."""
    for ch in text:
        if ch >= "\u0590" and unicodedata.bidirectional(ch) in RIGHT_TO_LEFT \
                and unicodedata.category(ch) != "Cf":  # a mark (U+200F) is an invisible control, shown as such
            script = unicodedata.name(ch, "").split(" ")[0].title()
            return script or "right-to-left", ch
    return None


def refusal(text: str) -> str | None:
    """Why text cannot be printed (a right-to-left script), said for its message, or None."""
    found = right_to_left(text)
    if found is None:
        return None
    script, ch = found
    return (f"holds {script} text ('{ch}', U+{ord(ch):04X}), which ppgen cannot yet print right to left: "
            f"its letters would print in the wrong order")


# CJK ideographs, kana, Hangul syllables and full-width forms: their words are not separated
# by spaces, and a line may break before or after any of them. Code point ranges, not a regex
# character class: compiling one over these ranges cost 10 ms of every start.
_ANYWHERE = ((0x2E80, 0x9FFF), (0xAC00, 0xD7AF), (0xF900, 0xFAFF), (0xFF00, 0xFFEF), (0x20000, 0x3FFFF))


def _breaks_around(ch: str) -> bool:
    code = ord(ch)
    return any(first <= code <= last for first, last in _ANYWHERE)


def wraps_anywhere(text: str) -> bool:
    """Does text hold a character a line may break before or after?"""
    return not text.isascii() and any(map(_breaks_around, text))


def segments(text: str) -> list[str]:
    """text cut where a line may break inside it: each such character alone, the rest in runs."""
    if not wraps_anywhere(text):
        return [text] if text else []
    found: list[str] = []
    for alone, run in groupby(text, _breaks_around):
        found += list(run) if alone else ["".join(run)]
    return found
