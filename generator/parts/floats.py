"""Pages without holes: figures and boxes float to the next page, headings keep their first lines.

A figure, a worked example or a box cannot be split like text (flow.py marks them
`floats`; an example told in steps still breaks between its steps, example_box.py). Laid
out in reading order, one that does not fit the rest of a page went whole to the next page
and left up to half a page empty. The booklet follows one rule instead, as publishers do:

- When a float does not fit what is left of the page, and leaving that empty would leave
  more than FLOAT_GAP of the page empty, the float waits: the text that follows it in the
  same section (paragraphs, lists, tables) fills the page, its last paragraph broken between
  lines as anywhere else, and the float starts the next page, the rest of the text after it.
  So a float moves at most to the top of the next page, and nothing else moves.
- Only text passes a float, never a heading, another float, a rule or a page break: floats
  keep their order, a float never leaves its section, and text is never reordered.
- A float keeps its heading: one directly under a heading moves on with it (the text after
  it is that heading's, and cannot come before it). A paragraph ending in ':' introduces the
  float that follows it: they move on together, so the colon is never followed by other text.
- A heading keeps its first lines, not its whole paragraph: where the paragraph after a
  heading does not fit whole, the heading and the paragraph's first lines (two at least,
  the styles' orphan control) stay on the page and the rest goes on, instead of the heading
  and all of it moving to the next page.
"""

from __future__ import annotations

from reportlab.platypus import BaseDocTemplate, Flowable, Table
from reportlab.platypus.flowables import KeepTogether, _listWrapOn
from reportlab.platypus.paragraph import Paragraph

FLOAT_GAP = 0.2  # of the page's text height: a page may end this empty rather than move a float
FUZZ = 1e-6


def is_float(flowable) -> bool:
    return bool(getattr(flowable, "floats", False))


def is_heading(flowable) -> bool:
    return bool(getattr(flowable, "heading", None))


def is_text(flowable) -> bool:
    """Text that may pass a float: a paragraph or a table, not a heading, a float, nor a
    paragraph kept with what follows it (a figure's introduction)."""
    inner = getattr(flowable, "inner", flowable)  # a block inside a list item
    return isinstance(inner, (Paragraph, Table)) and not is_heading(inner) and not is_float(inner) \
        and not flowable.getKeepWithNext()


class KeepWithFirstLines(KeepTogether):
    """Headings kept with what follows them; where that is text too long for the page,
    the headings stay with its first lines (the text's own split) instead of all moving on."""

    def split(self, aW, aH):
        whole = super().split(aW, aH)
        *lead, last = self._content
        if not whole or not lead or not is_text(last) or not isinstance(whole[0], self.FrameBreak):
            return whole
        _, lead_h = _listWrapOn(lead, aW, self.canv)
        room = aH - lead_h - max(last.getSpaceBefore() - lead[-1].getSpaceAfter(), 0)
        parts = last.splitOn(self.canv, aW, room) if room > 0 else []
        return lead + parts if len(parts) == 2 else whole


class _Return(Flowable):
    """Where a waiting float goes back into the story if all the text before it fitted."""

    def wrap(self, availWidth, availHeight):
        return 0, 0


class FloatingDoc(BaseDocTemplate):
    """A document template that places floats by the rule above."""

    keepTogetherClass = KeepWithFirstLines
    _waiting: Flowable | None = None
    _lead: tuple = ()  # the headings and paragraphs above the waiting float: laid out first

    def handle_flowable(self, flowables):
        if isinstance(flowables[0], _Return):
            del flowables[0]
            if self._waiting is not None:
                flowables.insert(0, self._waiting)
                self._waiting = None
            return
        if self._waiting is not None:
            self._pass(flowables)
        elif flowables[0] is not None:
            self._defer(flowables)
        super().handle_flowable(flowables)

    def _room(self, first) -> tuple[float, float]:
        """The frame's width, and the height left for first and what follows it."""
        frame = self.frame
        space = 0 if frame._atTop else first.getSpaceBefore()
        if space and frame._oASpace:
            space = max(space - frame._prevASpace, 0)
        return frame._getAvailableWidth(), frame._y - frame._y1p - space

    def _defer(self, flowables: list) -> None:
        """Set the float at the head of flowables (after the headings and paragraphs kept
        with it) aside, when it does not fit here and text after it can fill the page."""
        j = 0
        while j < len(flowables) - 1 and flowables[j].getKeepWithNext():
            j += 1
        lead, wanted = flowables[:j], flowables[j]
        if not is_float(wanted) or self.frame._atTop:
            return
        if lead and (is_heading(lead[-1]) or getattr(lead[-1], "introduces", False)):
            return  # it moves on with its heading or its introduction
        width, room = self._room(flowables[0])
        lead_h = _listWrapOn(lead, width, self.canv)[1] if lead else 0.0
        left = room - lead_h - (max(wanted.getSpaceBefore() - lead[-1].getSpaceAfter(), 0) if lead else 0)
        if wanted.wrapOn(self.canv, width, left)[1] <= left + FUZZ or lead_h > room \
                or room <= FLOAT_GAP * self.frame._height:
            return  # it fits, or moving it on with its lead leaves no more than FLOAT_GAP empty
        _release(lead)  # the lead stays here, whatever the float does
        if left > 0 and wanted.splitOn(self.canv, width, left):
            return  # an example that breaks between its steps here
        end = j + 1
        while end < len(flowables) and is_text(flowables[end]):
            end += 1
        if end == j + 1:
            return  # no text to fill the page with: the float goes on alone
        flowables.insert(end, _Return())
        del flowables[j]
        self._waiting, self._lead = wanted, tuple(lead)

    def _pass(self, flowables: list) -> None:
        """Text passing the waiting float: what fits stays here; the float goes back in
        front of the first text that does not fit whole (after the lines of it that do)
        or of anything that is not text."""
        f = flowables[0]
        if any(f is kept or kept in getattr(f, "_content", ()) for kept in self._lead):
            return  # the float's own heading and introduction, laid out as usual
        if is_text(f):
            width, room = self._room(f)
            if f.wrapOn(self.canv, width, room)[1] <= room + FUZZ:
                return
            parts = f.splitOn(self.canv, width, room) if room > 0 else []
            if len(parts) >= 2:
                flowables[0:1] = [parts[0], self._waiting] + list(parts[1:])
                self._waiting = None
                return
        flowables.insert(0, self._waiting)
        self._waiting = None


def _release(lead: list) -> None:
    """The lead no longer kept with the float (the headings stay kept with their text)."""
    if lead:
        lead[-1].__dict__["keepWithNext"] = 0


__all__ = ["FloatingDoc", "KeepWithFirstLines", "FLOAT_GAP", "is_float"]
