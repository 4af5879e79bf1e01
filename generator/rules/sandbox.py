"""The sandbox rules.md's Jinja2 runs in: what a template may not do, so that a hostile or
mistaken rules file cannot read files, reach Python internals, take the machine's memory or
run for ever. Rules need nothing near these bounds.

- Jinja2's immutable sandbox: no internals, no mutation; here also no file paths (the model
  carries Path objects) and no include/import/extends;
- no text or list repeated, and no number, padding or width asked of a call, a filter or
  `%` formatting, past a million; no power above 100;
- the output refused as it grows past 2 million characters, and a time limit.
"""

from __future__ import annotations

import functools
import re
import signal
import string
import threading
from contextlib import contextmanager
from pathlib import PurePath
from typing import Any, Callable, Iterable

import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

MAX_REPEATED = 1_000_000  # characters or items from one `*`, or a width asked of a call
MAX_POWER = 100
MAX_OUTPUT = 2_000_000  # characters of rules text: a long rulebook is 100,000
_PERCENT_WIDTHS = re.compile(r"%[-#0 +(\w)]*?(\d+)?(?:\.(\d+))?[a-zA-Z%]")


class Sandbox(ImmutableSandboxedEnvironment):
    intercepted_binops = frozenset({"*", "**", "%"})

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if isinstance(obj, (PurePath, type)):
            return False
        return super().is_safe_attribute(obj, attr, value)

    def call_binop(self, context, operator: str, left: Any, right: Any) -> Any:
        """Refuse a string or list repeated, a number raised, or a %-format width past what
        rules need: any would take the machine's memory."""
        if operator == "**" and isinstance(right, (int, float)) and abs(right) > MAX_POWER:
            raise SecurityError(f"a power above {MAX_POWER}")
        if operator == "*":
            for items, times in ((left, right), (right, left)):
                if isinstance(items, (str, list, tuple)) and isinstance(times, int) \
                        and len(items) * times > MAX_REPEATED:
                    raise SecurityError(f"text or a list repeated to more than {MAX_REPEATED:,} items")
        if operator == "%" and isinstance(left, str):
            check_percent_format(left)
        return super().call_binop(context, operator, left, right)

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - Jinja2's signature
        check_numbers(args, kwargs)  # "x".ljust(999999999)
        method = getattr(__obj, "__wrapped__", __obj)  # the sandbox wraps str.format
        if isinstance(getattr(method, "__self__", None), str) and method.__name__ in ("format", "format_map"):
            check_brace_format(method.__self__)  # "{:>999999999}".format(x)
        return super().call(__context, __obj, *args, **kwargs)


def check_numbers(args: Iterable, kwargs: dict) -> None:
    for value in (*args, *kwargs.values()):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_REPEATED:
            raise SecurityError(f"a number above {MAX_REPEATED:,} given to a call or filter")


def check_percent_format(text: str) -> None:
    for width, precision in _PERCENT_WIDTHS.findall(text):
        if int(width or 0) > MAX_REPEATED or int(precision or 0) > MAX_REPEATED:
            raise SecurityError(f"a format width above {MAX_REPEATED:,}")


def check_brace_format(text: str) -> None:
    try:
        specs = [spec for _, _, spec, _ in string.Formatter().parse(text) if spec]
    except ValueError:
        return  # str.format reports it
    if any(int(n) > MAX_REPEATED for spec in specs for n in re.findall(r"\d+", spec)):
        raise SecurityError(f"a format width above {MAX_REPEATED:,}")


def guarded(filter_function: Callable) -> Callable:
    """A filter that refuses huge numbers (center(999999999)) and huge %-formats."""
    @functools.wraps(filter_function)  # keeps Jinja2's pass_context marks
    def run(*args, **kwargs):
        check_numbers(args, kwargs)
        if filter_function is jinja2.filters.do_format and args and isinstance(args[0], str):
            check_percent_format(args[0])
        return filter_function(*args, **kwargs)
    return run


class NoFiles(jinja2.BaseLoader):
    """rules.md is one file: {% include %}, {% import %} and {% extends %} read nothing."""

    def get_source(self, environment, template):
        raise SecurityError(f"rules.md cannot include, import or extend another file ({template!r})")


def bounded(chunks: Iterable[str]) -> str:
    """The template's output, refused past MAX_OUTPUT characters as it grows (a loop printing
    a long string would otherwise take the machine's memory before the time limit)."""
    out, size = [], 0
    for chunk in chunks:
        size += len(chunk)
        if size > MAX_OUTPUT:
            raise SecurityError(f"the rules text grew past {MAX_OUTPUT:,} characters")
        out.append(chunk)
    return "".join(out)


class RenderTooLong(BaseException):
    """Raised by the timer inside a template that runs too long (not an Exception, so that
    nothing in the template's own machinery catches it)."""


@contextmanager
def time_limit(seconds: float):
    """Stop what runs inside after `seconds` of wall time, where the platform has interval
    timers and this is the main thread (the CLI's case); elsewhere, run unbounded."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, frame):
        raise RenderTooLong()

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
