"""Hostile-input corpus, round two (issue 19): fonts, rich text and icons: broken fonts, huge font files, quadratic text."""

from __future__ import annotations

from corpus_kit import Case

CASES: tuple[Case, ...] = (
)
