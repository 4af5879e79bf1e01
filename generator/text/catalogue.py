"""ppgen's own words (booklet headings, "Total", the gallery's captions) in an edition's
language: templates/words.toml, one table per English phrase, its translations by language.

The English phrase is the key, so a game without editions (code "") prints exactly what it
always did, and a phrase the catalogue lacks prints as written. A language the catalogue
does not have (an edition in 'ja') prints English; the edition's load says so once
(load/languages.py). Numbers ppgen formats follow the language: a decimal comma in most of
Europe ("2,5 mm"), integers as they are."""

from __future__ import annotations

import tomllib
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache

from ..files import resource_dir
from ..lasting import lasting

ENGLISH = "en"
LANGUAGES = (ENGLISH, "de", "fr", "es", "it", "pt", "pl", "ru", "el")  # every phrase has each of them
DECIMAL_POINT = {ENGLISH}  # the others write 2,5
ENDONYMS = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español", "it": "Italiano",  # in their own
            "pt": "Português", "pl": "Polski", "ru": "Русский", "el": "Ελληνικά"}  # words, for the gallery's links


@lasting
@lru_cache(maxsize=1)
def phrases() -> dict[str, dict[str, str]]:
    """English phrase -> {language: its translation}, as templates/words.toml gives them."""
    with open(resource_dir("templates") / "words.toml", "rb") as handle:
        return tomllib.load(handle)


def language(code: str) -> str:
    """The language of an edition's code ('pt-BR' -> 'pt'; '' -> 'en', a game without editions)."""
    return code.split("-")[0] if code else ENGLISH


def known(code: str) -> bool:
    """Has the catalogue the words of this edition's language?"""
    return language(code) in LANGUAGES


def endonym(code: str) -> str:
    """An edition as a reader of it names it: its language in that language ('Deutsch'), with
    the region where the code has one ('Português (BR)'); the code itself for a language the
    catalogue does not have."""
    name = ENDONYMS.get(language(code))
    region = code.partition("-")[2]
    return code if name is None else f"{name} ({region})" if region else name


# A phrase that counts players (or their sets), and its words when the count is one: a solo
# game's pack and sheets say "1 player", "Tisch 1 mit 1 Spieler", not "1 players".
SINGULAR = {
    "{count} players": "{count} player",
    "{players} players · {minutes} minutes": "{players} player · {minutes} minutes",
    "score pad, {count} players": "score pad, {count} player",
    "player aid cards, {count} sets": "player aid cards, {count} set",
    "{title}, table {tables} of {count} players": "{title}, table {tables} of {count} player",
    "{title}, tables {tables} of {count} players": "{title}, tables {tables} of {count} player",
}


# The phrase that counts players and minutes, when the minutes are one: "1 player · 1 minute".
ONE_MINUTE = {
    "{players} players · {minutes} minutes": "{players} players · {minutes} minute",
    "{players} player · {minutes} minutes": "{players} player · {minutes} minute",
}


def word(phrase: str, code: str, **values) -> str:
    """The phrase in the edition's language (English where the catalogue has no translation),
    its {placeholders} filled with values (numbers already formatted: see number); in the
    singular (SINGULAR, ONE_MINUTE) when the count it names is one."""
    if phrase in SINGULAR and str(values.get("count", values.get("players"))) == "1":
        phrase = SINGULAR[phrase]
    if phrase in ONE_MINUTE and str(values.get("minutes")) == "1":
        phrase = ONE_MINUTE[phrase]
    said = phrases().get(phrase, {}).get(language(code), phrase) if language(code) != ENGLISH else phrase
    return said.format(**values) if values else said


def declared(code: str) -> str:
    """The language a sheet of no game in `code` declares (its PDF's /Lang): none for
    English, as ppgen's English sheets never did."""
    return "" if language(code) == ENGLISH else code


def number(value: float, code: str, places: int = 2) -> str:
    """A measure as the edition writes it: at most `places` decimals, trailing zeros dropped,
    a decimal comma outside English ('2,5'); a whole number as it is ('89')."""
    # rounded half up from the value to 6 places, as a reader would: 1.75 in is 44.45 mm, so 44,5 (not 44,4)
    rounded = Decimal(f"{value:.6f}").quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)
    text = f"{rounded:f}".rstrip("0").rstrip(".") if places else f"{rounded:f}"
    return text if language(code) in DECIMAL_POINT else text.replace(".", ",")


__all__ = ["ENGLISH", "LANGUAGES", "phrases", "language", "known", "endonym", "word", "declared", "number"]
