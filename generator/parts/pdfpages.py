"""Page dictionaries formatted once while `ppgen watch` runs.

ReportLab formats every page's dictionary again each time it saves a PDF: its boxes, its
resources and the numbers of the objects it names, about 60 µs a page. A one-card edit of a
1,000-card deck saves a 250-page cut sheet whose other 249 pages are as they were (their
drawings replayed from the face cache: sheetcache.py). While watch runs, the bytes of each
page dictionary are kept under its signature: every value it holds, by type, and the number
of every object it names. A later save of a page of the same signature takes them. They are
the bytes ReportLab's format gives, which depend on nothing else. A dictionary holding
anything else (a string, which encryption would change; an object that formatting would
number; a subclass with a format of its own) is formatted by ReportLab and not kept.

Only while watch runs (keep()): a fresh build finds nothing kept and would only pay for the
signatures."""

from __future__ import annotations

from collections import OrderedDict
from contextlib import contextmanager
from typing import Iterator

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc

# page dictionaries kept, the least recently used dropped first: 3.4 KB each with its signature
# (measured), 14 MB at the most; a 1,000-card deck's cut sheets on two papers have 500 pages
LIMIT = 4096

_kept: OrderedDict | None = None  # signature -> the dictionary's bytes; None: nothing is kept


def keep() -> None:
    """From now on, keep the page dictionaries the process formats (`ppgen watch`)."""
    global _kept
    if _kept is None:
        _kept = OrderedDict()


@contextmanager
def remembered() -> Iterator[None]:
    """Within the block, page dictionaries of a kept signature are not formatted again (when
    keep() was called)."""
    if _kept is None:
        yield
        return
    original = pdfdoc.PDFDictionary.format

    def format(self, document, IND=b"\n "):
        if type(self) is not pdfdoc.PDFDictionary or self.dict.get("Type") != "/Page":
            return original(self, document, IND)
        try:
            key = (IND, rl_config.pdfMultiLine, rl_config.invariant, rl_config.pdfComments,
                   signature(self, document.idToObjectNumberAndVersion))
        except Unsigned:
            return original(self, document, IND)
        found = _kept.get(key)
        if found is None:
            found = _kept[key] = original(self, document, IND)
            if len(_kept) > LIMIT:
                _kept.popitem(last=False)
        else:
            _kept.move_to_end(key)
        return found

    pdfdoc.PDFDictionary.format = format
    try:
        yield
    finally:
        pdfdoc.PDFDictionary.format = original


class Unsigned(Exception):
    """A value whose format depends on more than what it holds."""


_PLAIN = (str, bytes, int, float, bool, type(None))


def signature(value, numbers: dict) -> tuple:
    """What ReportLab's format makes of value: each value with its exact type (format writes
    True as 'True' but 1 as '1'), each reference by its object's number. numbers: the
    document's idToObjectNumberAndVersion. Unsigned for anything else."""
    kind = type(value)
    if kind in _PLAIN:
        return kind, value
    if "__RefOnly__" in getattr(value, "__dict__", ()):  # format would give it a number of its own
        raise Unsigned
    if kind is pdfdoc.PDFObjectReference:
        number = numbers.get(value.name)
        if number is None:  # format raises for it: let it
            raise Unsigned
        return kind, number
    if kind is pdfdoc.PDFArray or kind is pdfdoc.PDFArrayCompact:
        return kind, value.multiline, _items(value.sequence, numbers)
    if kind is pdfdoc.PDFDictionary:
        return kind, type(value.dict), value.multiline, _pairs(value.dict, numbers)
    if kind is pdfdoc.PDFResourceDictionary:
        return kind, _items([getattr(value, name) for name in value.dict_attributes], numbers), \
            signature(value.ProcSet, numbers)
    if kind is dict:
        return kind, _pairs(value, numbers)
    if kind is list or kind is tuple:
        return kind, _items(value, numbers)
    raise Unsigned


def _items(values, numbers: dict) -> tuple:
    kinds = tuple(map(type, values))
    if all(kind in _PLAIN for kind in kinds):  # a box's numbers, ProcSet's names: at once
        return "plain", kinds, tuple(values)
    return "mixed", tuple([signature(v, numbers) for v in values])


def _pairs(values: dict, numbers: dict) -> tuple:
    if not all(type(k) is str for k in values):  # a name is a string (1 and True would be one key)
        raise Unsigned
    return tuple([(k, signature(v, numbers)) for k, v in values.items()])
