"""Hostile-input corpus, round two (issue 19): the gallery, --tts-url, ppgen new, ids, empty decks and the messages around them."""

from __future__ import annotations

from corpus_kit import Case

CASES: tuple[Case, ...] = (
)
