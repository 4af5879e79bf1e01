"""ReportLab's Paragraph, broken into lines once however many frames it runs through, its
inline images drawn from their files.

When a paragraph does not fit its frame, ReportLab splits it and the rest, a new
Paragraph, breaks all its lines again in the next frame: a paragraph over P frames is
broken P times, quadratic in its length (a rules.md paragraph of 20,000 icons took
minutes). Here the rest keeps the lines it was already broken into and takes them back
when the next frame is as wide; a frame of another width breaks it anew, as ReportLab does.

ReportLab also reads each <img> of a paragraph into an image of its own, kept decoded
while the paragraph lives, and digests its pixels each time it is drawn: 1,000 icons of a
512-pixel PNG took 5 GB. Drawn by file name instead, an image is read once per PDF.
"""

from __future__ import annotations

from reportlab.platypus import paragraph as rl


class Paragraph(rl.Paragraph):
    _kept: tuple[list, rl.ParaLines] | None = None  # (the widths they were broken at, the lines)

    def _setup(self, text, style, bulletText, frags, cleaner):
        super()._setup(text, style, bulletText, frags, cleaner)
        for frag in self.frags:
            image = getattr(frag, "cbDefn", None)
            if getattr(image, "kind", None) == "img":
                image.image = image.src  # canvas.drawImage keys a file by its name
                # (the parsed image is dropped: its size is in width and height already)

    def breakLines(self, width):
        if self._kept is not None and list(width) == self._kept[0]:
            return self._kept[1]
        return super().breakLines(width)

    def split(self, availWidth, availHeight):
        parts = super().split(availWidth, availHeight)
        if len(parts) == 2 and self._keeps(len(parts[0].blPara.lines)):
            later = self._wrapWidths[-1]
            parts[1]._kept = ([later, later], _renumbered(self.blPara.lines[len(parts[0].blPara.lines):]))
            parts[1]._splitLongWordCount = parts[1]._hyphenations = 0
        return parts

    def _keeps(self, at: int) -> bool:
        """True when the rest may keep its lines: the general (multi-style) kind, whose
        frags the break made into words, line by line (ReportLab's split of the rest slices
        them by line); no bullet, right-to-left text, word split across lines or hyphen the
        rest would break otherwise; nor a rest that begins at a forced break (ReportLab
        breaks it into an empty first line)."""
        lines, words = self.blPara.lines, self.frags
        return (self.blPara.kind == 1 and rl._processed_frags(words) and not self.bulletText
                and not self.style.wordWrap and not getattr(self, "_splitLongWordCount", 1)
                and not getattr(self, "_hyphenations", 1) and all(hasattr(line, "sFW") for line in lines)
                and words[lines[at].sFW][1][0]._fkind != rl._FK_BREAK)


def _renumbered(lines: list) -> rl.ParaLines:
    """The rest's lines, their first words counted from the rest's start (a later split of
    the rest slices its own words by these numbers)."""
    start = lines[0].sFW
    return rl.ParaLines(kind=1, lines=[rl.FragLine(**{**line.__dict__, "sFW": line.sFW - start})
                                       for line in lines])
