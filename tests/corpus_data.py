"""Hostile-input corpus, round two (issue 19): numbers, layouts and printer profiles: wrong types, NaN, digits Python takes and a CSV should not."""

from __future__ import annotations

from corpus_kit import Case

CASES: tuple[Case, ...] = (
)
