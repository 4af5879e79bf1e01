"""Language codes an edition may have: ISO 639-1 (two letters), with an optional region
(`pt-BR`). A code that is none of them is a typing mistake more often than a language."""

from __future__ import annotations

import re

from ..errors import did_you_mean
from ..text import catalogue

ISO_639_1 = frozenset("""
aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el
en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu
ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na
nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so
sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu
""".split())
_CODE = re.compile(r"([a-z]{2})(?:-([A-Z]{2}))?")
CODE_RULE = "a language code such as 'de' or 'pt-BR' (ISO 639-1, lower case, and a region in capitals)"


def code_fault(code: str) -> str | None:
    """Why `code` is not an edition's language code (None when it is one)."""
    match = _CODE.fullmatch(code)
    if not match:
        return f"'{code}' is not {CODE_RULE}"
    if match[1] not in ISO_639_1:
        return f"'{code}' is no ISO 639-1 language"
    return None


def looks_like(code: str) -> bool:
    """Has `code` the shape of a language code ('de', 'pt-BR'), known or not?"""
    return _CODE.fullmatch(code) is not None


def closest(code: str, codes) -> str:
    """' (did you mean 'de'?)' for the declared code a mistyped one is nearest: one letter off
    (difflib finds no likeness between two-letter words), else as errors.did_you_mean."""
    near = [c for c in codes if len(c) == len(code) and sum(a != b for a, b in zip(c, code)) == 1]
    return f" (did you mean '{near[0]}'?)" if near else did_you_mean(code, codes)


def label(key: str, edition: str, **values) -> str:
    """A word ppgen prints itself (a booklet heading, 'Total'), in an edition's language: the
    catalogue's (text/catalogue.py), English where it has none."""
    return catalogue.word(key, edition, **values)


def untranslated(code: str) -> str | None:
    """Why an edition prints ppgen's own words in English (its language is not in the
    catalogue), said for a warning; None when the catalogue speaks it."""
    if catalogue.known(code):
        return None
    return (f"ppgen's own words (booklet headings, 'player aid', the score pad's 'Total', the gallery) have "
            f"no translation into '{catalogue.language(code)}' and print in English (ppgen speaks "
            f"{', '.join(catalogue.LANGUAGES)})")
