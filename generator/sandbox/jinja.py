"""The sandbox Jinja2 runs in, for rules.md and for the `when` conditions of faces: what a
template or an expression may not do, so that a hostile or mistaken game cannot read files,
reach Python internals, take the machine's memory or run for ever. Each use gives its
Limits; rules need nothing near theirs, nor conditions theirs.

- Jinja2's immutable sandbox: no internals, no mutation; here also no file paths (the model
  carries Path objects), no include/import/extends, and no lipsum (pages of text out of
  nothing);
- every value an operation makes is measured and refused past `size` characters or items,
  or `bits` bits for a whole number: operators, `~`, slices, calls, filters, tests, formats.
  An operation that can make far more than it is given is refused before it runs, from
  its arguments (estimates.py), so nothing big is allocated first;
- nothing lazy: an iterator a filter or call returns is made a list there (at most `size`
  items), so nothing grows unmeasured;
- one evaluation (run()) makes at most `work` characters and items in all, within a time
  limit; the text a template writes, or collects in a macro, block or {% set %}, stops at
  `output` characters.
"""

from __future__ import annotations

import functools
import inspect
import signal
import threading
import time
import types
from collections.abc import Iterator, Sized
from dataclasses import dataclass
from itertools import islice
from pathlib import PurePath
from typing import Any, Callable, Iterable

import jinja2
from jinja2 import nodes
from jinja2.compiler import CodeGenerator
from jinja2.runtime import markup_join, str_join
from jinja2.sandbox import MAX_RANGE, ImmutableSandboxedEnvironment, SandboxedFormatter, SecurityError
from markupsafe import EscapeFormatter, Markup, soft_str

from . import estimates


@dataclass(frozen=True)
class Limits:
    size: int  # characters or items of one value an operation makes
    bits: int  # of one whole number an operation makes
    work: int  # characters and items one evaluation makes in all
    output: int  # characters a template writes, or collects in one macro, block or {% set %}
    numbers: int | None = None  # the largest number a call or filter may be given (None: any)


class MeasuredCode(CodeGenerator):
    """Jinja2's compiler, sending to the sandbox what it otherwise compiles to plain Python:
    `~`, slices, and the lists a macro, block or {% set %} collects its text in."""

    def visit_Concat(self, node: nodes.Concat, frame) -> None:
        markup = "context.eval_ctx.volatile" if frame.eval_ctx.volatile else repr(bool(frame.eval_ctx.autoescape))
        self.write("environment.join_text((")
        for part in node.nodes:
            self.visit(part, frame)
            self.write(", ")
        self.write(f"), {markup})")

    def visit_Getitem(self, node: nodes.Getitem, frame) -> None:
        if not isinstance(node.arg, nodes.Slice):
            super().visit_Getitem(node, frame)
            return
        self.write("environment.getitem(")
        self.visit(node.node, frame)
        self.write(", slice(")
        for bound in (node.arg.start, node.arg.stop, node.arg.step):
            if bound is None:
                self.write("None")
            else:
                self.visit(bound, frame)
            self.write(", ")
        self.write("))")

    def buffer(self, frame) -> None:
        frame.buffer = self.temporary_identifier()
        self.writeline(f"{frame.buffer} = environment.collected()")


class Sandbox(ImmutableSandboxedEnvironment):
    intercepted_binops = frozenset({"+", "-", "*", "/", "//", "%", "**"})  # every result is measured
    code_generator_class = MeasuredCode

    def __init__(self, limits: Limits, **options):
        super().__init__(**options)
        self.limits = limits
        self._state = threading.local()  # the evaluation running: its work so far
        self._range = functools.partial(_bounded_range, min(limits.size, MAX_RANGE))
        self.globals["range"] = self._range
        del self.globals["lipsum"]
        self.filters = Guarded(self, self.filters, "filter")
        self.tests = Guarded(self, self.tests, "test")

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if isinstance(obj, (PurePath, type)) or isinstance(value, PurePath):
            return False  # a path names a folder on the designer's machine: never in print
        return super().is_safe_attribute(obj, attr, value)

    def unsafe_undefined(self, obj: Any, attribute: str) -> jinja2.Undefined:
        if isinstance(getattr(obj, attribute, None), PurePath):
            return self.undefined(f"'{attribute}' is a file's place on this computer, which the game may not "
                                  "print", name=attribute, obj=obj, exc=SecurityError)
        return super().unsafe_undefined(obj, attribute)

    # -- one evaluation ---------------------------------------------------------------------

    def run(self, seconds: float, function: Callable, *args) -> Any:
        """function(*args) as one evaluation: its own budget of work and `seconds` of time."""
        state = self._state
        state.work, state.running = 0, True
        try:
            with time_limit(seconds):
                return function(*args)
        finally:
            state.running = False

    def charge(self, amount: int) -> None:
        state = self._state
        state.work = getattr(state, "work", 0) + amount
        if state.work > self.limits.work:
            raise SecurityError(f"more than {self.limits.work:,} characters and items made in all")

    def expect(self, what: str, estimate: int) -> None:
        """Refuse, before it runs, an operation that would make too much (what it makes is
        counted when it is measured)."""
        if estimate > self.limits.size:
            raise SecurityError(f"{what} would make more than {self.limits.size:,} characters or items")

    def expect_bits(self, what: str, estimate: int) -> None:
        if estimate > self.limits.bits:
            raise SecurityError(f"{what} would make a number of more than {self.limits.bits:,} bits")

    def expect_width(self, width: int) -> None:
        if width > self.limits.size:
            raise SecurityError(f"a format width above {self.limits.size:,}")

    def measured(self, value: Any, given: Iterable = ()) -> Any:
        """What an operation made, refused past the limits; an iterator made a list."""
        if any(value is item for item in given):
            return value  # nothing new
        if isinstance(value, int):
            if estimates.bits(value) > self.limits.bits:
                raise SecurityError(f"a number of more than {self.limits.bits:,} bits")
            self.charge(1)
            return value
        if isinstance(value, Iterator) and not isinstance(value, Sized):
            value = self.listed(value)
        amount = estimates.size(value)
        if amount > self.limits.size:
            raise SecurityError(f"a value of more than {self.limits.size:,} characters or items")
        self.charge(1 if isinstance(value, range) else amount)  # a range holds no items
        return value

    def listed(self, items: Iterator) -> list:
        made = list(islice(items, self.limits.size + 1))
        if len(made) > self.limits.size:
            raise SecurityError(f"a value of more than {self.limits.size:,} characters or items")
        return made

    # -- what templates call ----------------------------------------------------------------

    def call_binop(self, context, operator: str, left: Any, right: Any) -> Any:
        estimates.binop(self, operator, left, right)
        return self.measured(super().call_binop(context, operator, left, right), (left, right))

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - Jinja2's signature
        args, kwargs = __self._listed_arguments(args, kwargs)
        if __obj is not __self._range:  # a range is bounded by its length
            __self._check_numbers(args, kwargs)
        owner = getattr(__obj, "__self__", None)
        estimator = estimates.method(owner, getattr(__obj, "__name__", None))
        if estimator is not None:
            __self._estimate(f"{type(owner).__name__}.{__obj.__name__}()", estimator, (owner, *args), kwargs)
        made = super().call(__context, __obj, *args, **kwargs)
        return __self.measured(made, (owner, *args, *kwargs.values()))

    def getitem(self, obj: Any, argument: Any) -> Any:
        if isinstance(argument, slice):  # a copy (MeasuredCode sends slices here)
            return self.measured(super().getitem(obj, argument), (obj,))
        return super().getitem(obj, argument)

    def join_text(self, parts: tuple, markup: bool) -> str:
        """a ~ b ~ c (MeasuredCode sends `~` here)."""
        texts = [soft_str(part) for part in parts]
        made = sum(map(len, texts))
        self.expect("joining with ~", made)
        self.charge(made)
        return markup_join(texts) if markup else str_join(texts)

    def collected(self) -> Collected:
        return Collected(self.limits.output)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """str.format and format_map with each field measured (Jinja2's own, with our formatter)."""
        if not isinstance(value, (types.MethodType, types.BuiltinMethodType)) \
                or value.__name__ not in ("format", "format_map") or not isinstance(value.__self__, str):
            return None
        text = value.__self__
        formatter = MeasuredEscapeFormatter(self, escape=text.escape) if isinstance(text, Markup) \
            else MeasuredFormatter(self)

        def wrapper(*args, **kwargs):
            if value.__name__ == "format_map":
                if kwargs or len(args) != 1:
                    raise TypeError("format_map() takes exactly one argument")
                args, kwargs = (), args[0]
            return type(text)(formatter.vformat(text, args, kwargs))
        return functools.update_wrapper(wrapper, value)

    def guard(self, what: str, function: Callable) -> Callable:
        """A filter or test that runs only in an evaluation (not folded at compile time, when
        nothing is counted), with its arguments checked and estimated and its result measured."""
        estimator = estimates.FILTERS.get(function)
        passed = 1 if hasattr(function, "jinja_pass_arg") else 0  # the context Jinja2 passes first
        numbers = what.endswith("filter")

        @functools.wraps(function)  # keeps Jinja2's pass_context marks
        def guarded(*args, **kwargs):
            if not getattr(self._state, "running", False):
                raise SecurityError(f"{what} runs only when the template does")
            args, kwargs = self._listed_arguments(args, kwargs)
            if numbers:
                self._check_numbers(args[passed:], kwargs)
            if estimator is not None:
                self._estimate(what, estimator, args[passed:], kwargs)
            return self.measured(function(*args, **kwargs), args[passed:])
        return guarded

    def _estimate(self, what: str, estimator: Callable, args: tuple, kwargs: dict) -> None:
        try:
            _signature(estimator).bind(self, *args, **kwargs)
        except TypeError:
            return  # called wrongly: the operation itself says how
        self.expect(what, estimator(self, *args, **kwargs))

    def _listed_arguments(self, args: tuple, kwargs: dict) -> tuple[tuple, dict]:
        """Iterators given to a call made lists first, so that estimates can count them."""
        def listed(value):
            return self.listed(value) if isinstance(value, Iterator) and not isinstance(value, Sized) else value
        if any(isinstance(value, Iterator) for value in (*args, *kwargs.values())):
            return tuple(map(listed, args)), {name: listed(value) for name, value in kwargs.items()}
        return args, kwargs

    def _check_numbers(self, args: Iterable, kwargs: dict) -> None:
        limit = self.limits.numbers
        if limit is None:
            return
        for value in (*args, *kwargs.values()):
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) > limit:
                raise SecurityError(f"a number above {limit:,} given to a call or filter")


_signature = functools.lru_cache(maxsize=None)(inspect.signature)


def _bounded_range(limit: int, *args) -> range:
    numbers = range(*args)
    try:
        count = len(numbers)
    except OverflowError:
        count = limit + 1
    if count > limit:
        raise SecurityError(f"a range of more than {limit:,} numbers")
    return numbers


class Guarded(dict):
    """Filters or tests, each guarded (Sandbox.guard) as it is added."""

    def __init__(self, env: Sandbox, functions: dict, kind: str):
        super().__init__()
        self.env, self.kind = env, kind
        self.update(functions)

    def __setitem__(self, name: str, function: Callable) -> None:
        super().__setitem__(name, self.env.guard(f"the {name} {self.kind}", function))

    def update(self, *others, **functions) -> None:
        for name, function in dict(*others, **functions).items():
            self[name] = function


class Collected(list):
    """The text a macro, block or {% set %} collects, refused as it grows past the limit."""

    def __init__(self, limit: int):
        super().__init__()
        self.limit, self.size = limit, 0

    def append(self, text: str) -> None:
        self._grow(len(text))
        super().append(text)

    def extend(self, texts: Iterable[str]) -> None:
        texts = list(texts)
        self._grow(sum(map(len, texts)))
        super().extend(texts)

    def _grow(self, amount: int) -> None:
        self.size += amount
        if self.size > self.limit:
            raise SecurityError(f"the text of a macro, block or set grew past {self.limit:,} characters")


class MeasuredFormatter(SandboxedFormatter):
    """str.format in the sandbox: each field's width (one given as an argument too, '{:{}}')
    and the text made so far are measured before the field is formatted."""

    def vformat(self, format_string, args, kwargs):
        self.made = len(format_string)
        return super().vformat(format_string, args, kwargs)

    def format_field(self, value, format_spec):
        env = self._env
        width = estimates.spec_width(format_spec)
        env.expect_width(width)
        self.made += width + estimates.text_size(value, env.limits.size)
        if self.made > env.limits.size:
            raise SecurityError(f"formatting would make more than {env.limits.size:,} characters or items")
        return super().format_field(value, format_spec)


class MeasuredEscapeFormatter(MeasuredFormatter, EscapeFormatter):
    pass


class NoFiles(jinja2.BaseLoader):
    """rules.md is one file: {% include %}, {% import %} and {% extends %} read nothing."""

    def get_source(self, environment, template):
        raise SecurityError(f"rules.md cannot include, import or extend another file ({template!r})")


def bounded(chunks: Iterable[str], limit: int) -> str:
    """The template's output, refused past `limit` characters as it grows (a loop printing
    a long string would otherwise take the machine's memory before the time limit)."""
    out, size = [], 0
    for chunk in chunks:
        size += len(chunk)
        if size > limit:
            raise SecurityError(f"the rules text grew past {limit:,} characters")
        out.append(chunk)
    return "".join(out)


class RenderTooLong(BaseException):
    """Raised by the timer inside a template that runs too long (not an Exception, so that
    nothing in the template's own machinery catches it)."""


def _stop(signum, frame):
    raise RenderTooLong()


class time_limit:  # noqa: N801 - used as a function: `with time_limit(10):`
    """Stop what runs inside after `seconds` of wall time, where the platform has interval
    timers and this is the main thread (the CLI's case); elsewhere, run unbounded. Inside
    another limit, the sooner one holds, and the outer one runs on after. A class, not a
    generator: it is entered once per card with a `when` (about 6 µs instead of 9)."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.armed = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()

    def __enter__(self) -> None:
        if self.armed:
            self.previous = signal.signal(signal.SIGALRM, _stop)
            self.outer, _ = signal.setitimer(signal.ITIMER_REAL, self.seconds)
            if self.outer:
                signal.setitimer(signal.ITIMER_REAL, min(self.seconds, self.outer))
                self.start = time.monotonic()

    def __exit__(self, *exc) -> None:
        if self.armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)
            if self.outer:
                signal.setitimer(signal.ITIMER_REAL, max(self.outer - (time.monotonic() - self.start), 1e-6))
