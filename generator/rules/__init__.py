"""The rules stage: rules.md -> sandboxed Jinja2 (template.py) -> Markdown blocks (blocks.py)
-> a RulesDoc of plain, frozen data (doc.py), which layout/ turns into booklets, handouts and
aids. read(game) runs the whole stage. The package itself imports nothing, so rule
sets can use doc.py and words.py without pulling in the template, and a game without
rules.md never loads Markdown (read imports blocks.py when first called)."""

from __future__ import annotations

import importlib


def read(game):
    """The game's rules.md through both stages, checked (blocks.read): a doc.RulesDoc."""
    return importlib.import_module(f"{__name__}.blocks").read(game)
