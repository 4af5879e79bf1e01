"""What an operation would make, told before it runs, for the operations that can make far
more than they are given: repeating, powers, padding to a width, joining, replacing,
formatting widths (also those given as arguments: '%*d', '{:{}}'), batches and slices with
padding, sums of lists. The sandbox (sandbox.py) refuses an estimate past its limits
before anything is allocated; every other operation makes at most a few times what it is
given, and the sandbox measures its result after.

Sizes count characters of text and items of a collection; whole numbers are measured in
bits. An estimator takes the sandbox (for its limits) and the operation's own arguments,
and returns the size of the result; a width past the limit it refuses itself."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sized
from itertools import islice
from typing import Any, Callable

from jinja2 import filters
from markupsafe import soft_str

_DIGITS = re.compile(r"\d+")
_PERCENT_REST = re.compile(r"[-#0 +]*(\*|\d*)(?:\.(\*|\d*))?[hlL]?(.?)", re.S)  # after "%" and any "(key)"
_SEQUENCES = (str, bytes, list, tuple)


def size(value: Any) -> int:
    """Characters of text, items of a collection; 1 for anything else."""
    try:
        return len(value) if isinstance(value, Sized) else 1
    except Exception:  # noqa: BLE001 - an Undefined, a range too long to count
        return 1


def bits(number: int) -> int:
    return number.bit_length()


def text_size(value: Any, cap: int) -> int:
    """About how many characters str() of a value has, counted no further than past cap."""
    total, todo = 0, [value]
    while todo and total <= cap:
        item = todo.pop()
        if isinstance(item, (str, bytes)):
            total += len(item)
        elif isinstance(item, int):
            total += bits(item) * 3 // 10 + 2
        elif isinstance(item, float):
            total += 24
        elif isinstance(item, Mapping):
            total += 2 + 4 * len(item)
            todo.extend(islice(item.items(), cap))
        elif isinstance(item, (list, tuple, set, frozenset)):
            total += 2 + 2 * len(item)
            todo.extend(islice(item, cap))
        else:
            total += len(str(item))
    return total


def _nesting(value: Any, cap: int) -> int:
    """Each item's depth in a value, summed (no further than past cap): the lines of its
    JSON with an indent, times the indent."""
    total, todo = 0, [(value, 0)]
    while todo and total <= cap:
        item, depth = todo.pop()
        total += depth
        if isinstance(item, Mapping):
            todo.extend((inner, depth + 1) for inner in islice(item.values(), cap))
        elif isinstance(item, (list, tuple)):
            todo.extend((inner, depth + 1) for inner in islice(item, cap))
    return total


def _int(value: Any) -> int:
    return value if isinstance(value, int) else 0


def _number(digits: str) -> int:
    """A width written in a format: huge when it has more digits than any width needs."""
    return int(digits) if len(digits) <= 18 else 10 ** 18


def _count(text: Any, sub: str) -> int:
    if isinstance(text, bytes):
        return text.count(sub.encode())
    return text.count(sub) if isinstance(text, str) else 0


# -- formats ----------------------------------------------------------------------------------

def _percent_specs(fmt: str):
    """(key, width, precision, conversion) of each % conversion, parsed as Python does
    (a key may hold brackets: '%((a))s')."""
    start = fmt.find("%")
    while start >= 0:
        at, key = start + 1, None
        if fmt.startswith("(", at):
            depth, at = 1, at + 1
            while at < len(fmt) and depth:
                depth += {"(": 1, ")": -1}.get(fmt[at], 0)
                at += 1
            key = fmt[start + 2:at - 1]
        match = _PERCENT_REST.match(fmt, at)
        yield key, match.group(1), match.group(2) or "", match.group(3)
        start = fmt.find("%", match.end())


def percent_size(env, fmt: str | bytes, args: Any) -> int:
    """fmt % args: its text, its widths and precisions ('*' ones taken from args), its values."""
    text = fmt.decode("latin-1") if isinstance(fmt, bytes) else fmt
    values = iter(args if isinstance(args, tuple) else (args,))
    made = len(text)
    for key, width, precision, conversion in _percent_specs(text):
        for written in (width, precision):
            number = abs(_int(next(values, 0))) if written == "*" else _number(written or "0")
            env.expect_width(number)
            made += number
        if conversion == "%":
            continue
        value = args.get(key) if key is not None and isinstance(args, Mapping) else next(values, None)
        made += text_size(value, env.limits.size)
    return made


def spec_width(spec: str) -> int:
    """The widths and precision a {} format spec asks for ('>10.3' -> 13): every number in
    it, summed, as a fill character may be a digit too."""
    return sum(_number(digits) for digits in _DIGITS.findall(spec))


# -- operators --------------------------------------------------------------------------------

def binop(env, operator: str, left: Any, right: Any) -> None:
    """Refuse left OPERATOR right before it runs if it would make too much."""
    if operator == "*":
        for items, times in ((left, right), (right, left)):
            if isinstance(items, _SEQUENCES) and isinstance(times, int):
                env.expect("repeating text or a list", size(items) * max(times, 0))
        if isinstance(left, int) and isinstance(right, int):
            env.expect_bits("multiplying", bits(left) + bits(right))
    elif operator == "**" and isinstance(left, int) and isinstance(right, int) and right > 0 and abs(left) > 1:
        env.expect_bits("a power", (bits(left) - 1) * right + 1)  # at least; at most twice
    elif operator == "+" and isinstance(left, _SEQUENCES) and isinstance(right, _SEQUENCES):
        env.expect("adding", size(left) + size(right))
    elif operator == "%" and isinstance(left, (str, bytes)):
        env.expect("formatting with %", percent_size(env, left, right))


# -- filters and methods ----------------------------------------------------------------------

def _padded(env, text, width, fillchar=" ") -> int:  # center, ljust, rjust, zfill
    return max(size(text), _int(width))


def _indented(env, s, width=4, first=False, blank=False) -> int:
    step = size(width) if isinstance(width, str) else _int(width)
    return size(s) + (_count(s, "\n") + 1) * step


def _wrapped(env, s, width=79, break_long_words=True, wrapstring=None, break_on_hyphens=True) -> int:
    """A line ends where the next word does not fit, so two lines together hold more than
    `width`: at most 2 * len / width + 1 lines, each ended by wrapstring."""
    lines = 2 * size(s) // max(_int(width), 1) + 1
    return size(s) + lines * size(wrapstring if isinstance(wrapstring, str) else env.newline_sequence)


def _replaced(env, s, old, new, count=None) -> int:
    text, old, new = (x if isinstance(x, (str, bytes)) else soft_str(x) for x in (s, old, new))
    if not isinstance(old, type(text)) or not isinstance(new, type(text)):
        return len(text)
    times = text.count(old) if old else len(text) + 1
    if isinstance(count, int) and count >= 0:
        times = min(times, count)
    return len(text) + times * max(len(new) - len(old), 0)


def _join_size(env, items, separator, getter: Callable | None = None) -> int:
    cap = env.limits.size
    total = size(separator) * max(size(items) - 1, 0)
    for item in items if isinstance(items, Sized) else ():
        total += text_size(getter(item) if getter else item, cap)
        if total > cap:
            break
    return total


def _joined_filter(env, value, d="", attribute=None) -> int:
    getter = filters.make_attrgetter(env, attribute) if attribute is not None else None
    return _join_size(env, value, d, getter)


def _joined_method(env, separator, iterable) -> int:
    return _join_size(env, iterable, separator)


def _batched(env, value, count, fill_with=None) -> int:
    """batch and slice: lists of the items, padded up to count (lists the result holds,
    so their items are counted here)."""
    made = size(value) + max(_int(count), 0)
    if made <= env.limits.size:  # else refused by its estimate, with that message
        env.charge(made)
    return made


def _summed(env, iterable, attribute=None, start=0) -> int:
    """A sum of lists: its size, and the copying it costs (each step copies the list so far)."""
    if not isinstance(start, (list, tuple)) or not isinstance(iterable, Sized):
        return 0  # numbers: the result's bits are measured after
    getter = filters.make_attrgetter(env, attribute) if attribute is not None else None
    sizes = [size(getter(item) if getter else item) for item in iterable]
    total = size(start) + sum(sizes)
    env.charge(len(sizes) * total // 2)
    return total


def _formatted(env, value, *args, **kwargs) -> int:
    return percent_size(env, soft_str(value), kwargs or args)


def _urlized(env, value, trim_url_limit=None, nofollow=False, target=None, rel=None, extra_schemes=None) -> int:
    """Every word that may be a link becomes <a href="WORD" rel=... target=...>WORD</a>."""
    text = soft_str(value)
    extra = 80 + size(soft_str(target or "")) + size(soft_str(rel or ""))
    return len(text) + sum(len(word) + extra for word in text.split() if any(c in word for c in ".@:"))


def _json(env, value, indent=None) -> int:
    step = size(indent) if isinstance(indent, str) else _int(indent)
    cap = env.limits.size
    return text_size(value, cap) + (_nesting(value, cap) * step if step else 0)


def _expanded(env, s, tabsize=8) -> int:
    return size(s) + _count(s, "\t") * max(_int(tabsize), 0)


def _translated(env, s, table) -> int:
    """Each character may become the longest text the table maps to."""
    values = table.values() if isinstance(table, Mapping) else table if isinstance(table, (list, tuple)) else ()
    longest = max((size(v) for v in values if isinstance(v, (str, bytes))), default=1)
    return size(s) * max(longest, 1)


def _to_bytes(env, number, length=1, byteorder="big", *, signed=False) -> int:
    return _int(length)


FILTERS: dict[Callable, Callable] = {  # keyed by Jinja2's own functions, whatever name they are given
    filters.do_center: _padded, filters.do_indent: _indented, filters.do_wordwrap: _wrapped,
    filters.do_replace: _replaced, filters.do_join: _joined_filter, filters.do_batch: _batched,
    filters.do_slice: _batched, filters.do_sum: _summed, filters.do_format: _formatted,
    filters.do_urlize: _urlized, filters.do_tojson: _json,
}
_TEXT_METHODS: dict[str, Callable] = {  # of str and bytes (Markup's wrap str's)
    "center": _padded, "ljust": _padded, "rjust": _padded, "zfill": _padded, "expandtabs": _expanded,
    "replace": _replaced, "join": _joined_method, "translate": _translated,
}


def method(owner: Any, name: str | None) -> Callable | None:
    """The estimator of a method of text or a number that can make far more than it is given
    (format and format_map are measured field by field by the sandbox's formatter)."""
    if isinstance(owner, (str, bytes)):
        return _TEXT_METHODS.get(name)
    if isinstance(owner, int) and name == "to_bytes":
        return _to_bytes
    return None
