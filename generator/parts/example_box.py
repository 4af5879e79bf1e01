"""A worked example's box that gives way at the foot of a page instead of leaving a hole.

A box cannot be split like text, so a box taller than what is left of a page used to go
whole to the next one, leaving up to half a page empty. An example told in numbered steps,
one row of cards per step (the rounds of a game), now breaks between two steps: the first
steps here, the rest on the next page under the same title, marked as continued
(styles.toml [booklet] continued). Each part keeps at least MIN_STEPS steps, so no step is
left alone at the foot or the head of a page. Other examples (a river, one hand of cards)
are one picture and are never broken: they still move on whole.
"""

from __future__ import annotations

import dataclasses

from reportlab.platypus import Flowable

from .. import doc
from ..text.catalogue import word

MIN_STEPS = 2  # steps kept together at each side of a break


class WorkedExample(Flowable):
    """The boxed example (flow.example_box), able to break between its steps."""

    def __init__(self, flow, block: doc.Example, width: float):
        super().__init__()
        self.flow = flow
        self.block = block
        self.given_width = width
        self.box = flow.example_box(block, width)
        self.spaceBefore = self.box.spaceBefore
        self.spaceAfter = self.box.spaceAfter

    def wrap(self, availWidth, availHeight):
        self.width, self.height = self.box.wrapOn(self.canv, availWidth, availHeight)
        return self.width, self.height

    def drawOn(self, canvas, x, y, _sW=0):
        # the box itself, where the frame put this: drawn as a bare box would be
        self.box.drawOn(canvas, x, y, _sW)

    def _like(self, block: doc.Example) -> "WorkedExample":
        made = WorkedExample(self.flow, block, self.given_width)
        made.rules_line = getattr(self, "rules_line", block.line)
        return made

    def split(self, availWidth, availHeight) -> list:
        """The most steps that fit here, the rest after; [] (the whole box moves on) when
        the example has no steps or fewer than MIN_STEPS would stay on either side."""
        steps = step_count(self.block)
        for k in range(steps - MIN_STEPS, MIN_STEPS - 1, -1):
            continued = word(self.flow.styles.value("booklet", "continued"), self.flow.game.edition)
            head, tail = split_steps(self.block, k, continued)
            first = self._like(head)
            if first.wrapOn(self.canv, availWidth, availHeight)[1] <= availHeight:
                return [first, self._like(tail)]
        return []


def _steps_list(block: doc.Example) -> int | None:
    """Where the narrative's one numbered list is, if it has as many items as the figure
    has rows of cards (the example is told step by step); else None."""
    lists = [i for i, b in enumerate(block.blocks) if isinstance(b, doc.ListBlock)]
    if block.figure is None or len(lists) != 1:
        return None
    found = block.blocks[lists[0]]
    return lists[0] if found.ordered and len(found.items) == len(block.figure.grid) else None


def step_count(block: doc.Example) -> int:
    at = _steps_list(block)
    return 0 if at is None else len(block.figure.grid)


def split_steps(block: doc.Example, k: int, continued: str) -> tuple[doc.Example, doc.Example]:
    """The example's first k steps (what comes before the list, the list's first k items
    and the first k rows of cards) and the rest (the other steps and what follows them)."""
    at = _steps_list(block)
    steps: doc.ListBlock = block.blocks[at]
    figure = block.figure
    head_list = dataclasses.replace(steps, items=steps.items[:k])
    tail_list = dataclasses.replace(steps, items=steps.items[k:], start=steps.start + k)
    head = dataclasses.replace(block, blocks=block.blocks[:at] + (head_list,),
                               figure=_rows(figure, 0, k))
    title = block.title if block.title.endswith(continued) else f"{block.title} {continued}".strip()
    tail = dataclasses.replace(block, title=title,
                               blocks=(tail_list,) + block.blocks[at + 1:],
                               figure=_rows(figure, k, len(figure.grid)))
    return head, tail


def _rows(figure: doc.CardsFigure, start: int, end: int) -> doc.CardsFigure:
    """Rows start..end of a cards figure, with their labels and the tokens on them."""
    return dataclasses.replace(
        figure, grid=figure.grid[start:end], labels=figure.labels[start:end],
        tokens=tuple(dataclasses.replace(t, row=t.row - start) for t in figure.tokens if start <= t.row < end))


__all__ = ["WorkedExample", "split_steps", "step_count"]
