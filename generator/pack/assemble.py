"""Join the builds' PDFs into the pack's files, one per way of printing, page for page.

The pages are the build's own (pypdf copies their content streams untouched: the same
pixels as the files a build writes). In a file printed on both sides each copy starts on a
fresh sheet: a copy with an odd number of pages is followed by a blank one.
"""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader, PdfWriter

from ..artifacts import Artifact
from .sheets import WAYS, Sheet


def write_ways(folder: Path, sheets: list[Sheet], paper: str) -> list[Artifact]:
    """Each way's PDF in folder (a way with no sheets makes no file); their artifacts."""
    artifacts = []
    for way in WAYS:
        chosen = [sheet for sheet in sheets if sheet.way == way.name]
        if not chosen:
            continue
        pages = join(folder / way.file, chosen, both_sides=way.name != "simplex")
        artifacts.append(Artifact(way.file, f"pack-{way.name}", paper, pages))
    return artifacts


def join(path: Path, sheets: list[Sheet], both_sides: bool) -> int:
    """Every sheet's pages, copies times over, into path; returns the page count."""
    writer = PdfWriter()
    for sheet in sheets:
        reader = PdfReader(sheet.source)
        for _ in range(sheet.copies):
            for page in reader.pages:
                writer.add_page(page)
            if both_sides and len(reader.pages) % 2:
                box = reader.pages[-1].mediabox
                writer.add_blank_page(float(box.width), float(box.height))
    writer.compress_identical_objects()  # a copy's fonts and images are stored once
    writer.add_metadata({"/Title": "ppgen pack", "/Producer": "ppgen", "/Creator": "ppgen"})
    with open(path, "wb") as out:
        writer.write(out)
    return len(writer.pages)
