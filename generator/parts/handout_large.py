"""Large print (--large-print), the rules part's share: ``handout-large-PAPER.pdf`` (kind
`handout`), the handout laid out at [large_print] body_size (13 pt) down to min_body_size
(12 pt) on up to two sheets, both sides; rules that need more take more pages at 12 pt
rather than smaller text. Laid out when the build asks for it (validate measures the
regular handout only); rules that cannot be set this large leave it out with a warning.
"""

from __future__ import annotations

from pathlib import Path

from ..artifacts import Artifact
from ..errors import warning
from .handout import fit_paper, large_print
from .styles import load


def make(plan, folder: Path, options) -> list[Artifact]:
    """The large-print handout on each paper (the rules part calls this)."""
    if not options.large_print or plan.booklet is None:
        return []
    game, styles = plan.game, load()
    artifacts = []
    for paper in options.papers:
        fitted = fit_paper(game, plan.rules, styles, plan.booklet.book.painter, paper, large_print(styles))
        if isinstance(fitted, str):  # a figure no column holds even alone, or rules past the page limit
            options.warn(warning(game.rules, None, f"no large-print handout on {paper}: {fitted}"))
            continue
        sheet, fit = fitted
        name = f"handout-large-{paper}.pdf"
        options.progress(f"{game.id}: {name}")
        artifacts.append(Artifact(name, "handout", paper, sheet.write(folder / name, fit)))
    return artifacts
