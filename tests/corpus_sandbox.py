"""Hostile-input corpus, round two (issue 19): `when` expressions and rules templates that try to take the machine's memory or time."""

from __future__ import annotations

from corpus_kit import Case

CASES: tuple[Case, ...] = (
)
