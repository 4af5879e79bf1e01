"""Which writing system a text is in, where ppgen must set it differently from Latin: a
right-to-left script (Arabic, Hebrew, ...), which ppgen cannot yet shape and order, so it is
refused rather than printed with its letters backwards; and CJK ideographs and kana, which
wrap between any two characters since their words have no spaces between them."""

from __future__ import annotations

import re
import unicodedata

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
# by spaces, and a line may break before or after any of them
_ANYWHERE = "\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF\U00020000-\U0003FFFF"
_SEGMENT = re.compile(f"[{_ANYWHERE}]|[^{_ANYWHERE}]+")
_HAS_ANY = re.compile(f"[{_ANYWHERE}]")


def wraps_anywhere(text: str) -> bool:
    """Does text hold a character a line may break before or after?"""
    return _HAS_ANY.search(text) is not None


def segments(text: str) -> list[str]:
    """text cut where a line may break inside it: each such character alone, the rest in runs."""
    return _SEGMENT.findall(text)
