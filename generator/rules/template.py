"""rules.md, stage 1: Jinja2 in a sandbox, reading the game's own data.

The template sees:

- ``game`` (the model.Game), ``data`` (its [data] table), ``components`` (game.components),
  ``players`` ("2–6") and ``minutes`` ("15");
- figures, each standing alone in its paragraph: ``card(component, id)``,
  ``cards(component, id, id, …)``, ``card_grid(component, [[id, id], [id, None]])`` (all take
  ``caption=``, ``mark="good"|"bad"``; card_grid also ``labels=[…]``); ``page_break()``,
  and ``back_cover()`` (what follows ends the booklet: the notes pages that pad it to a multiple of 4 go before it);
- ``{% call aid("Title") %}…Markdown…{% endcall %}``: a player aid, printed in the booklet as
  a boxed summary and made into a reference card and a panel of the half-page sheet;
- ``score_sheet(columns=[…], sets=6, title=, row_label=)``: this game keeps score; the score pad gives each
  player a row per set with these columns, then a row per bonus of data.bonuses;
- the helpers of the game's rule sets (their figures, arithmetic and worked examples; see
  each rule set's helpers.py);
- filters ``words`` (3 → "three"), ``join_and`` (["a", "b", "c"] → "a, b and c"),
  ``plural(n, "card")`` and ``signed`` (5 → "+5").

Undefined names are errors that say what there is (sandbox/undefined.py); the sandbox (sandbox.py, with the limits of
RULES) refuses Python internals, file paths, any value past a million characters or items,
and a render that runs too long. Every error is reported as ``rules.md:LINE: error: MESSAGE``.

The output keeps track of where each line came from: the template's text is marked, before
rendering, with the source line at the start of every line (invisible control characters),
so a line produced inside a loop still knows its line in rules.md. ``split_marks`` takes
the marks out again and returns each output line's source line.
"""

from __future__ import annotations

import re
from typing import Callable

import jinja2
from jinja2.ext import Extension
from jinja2.lexer import Token
from jinja2.sandbox import SecurityError

from .. import rulesets
from ..errors import GameError, HelperError, problem
from ..files import read_text
from ..model import Game
from .. import doc
from . import worked
from .marks import END, MARK
from ..sandbox.jinja import Limits, NoFiles, RenderTooLong, Sandbox, bounded
from ..sandbox.undefined import Explained, reading
from ..words import join_and, plural, signed, span, words

RENDER_SECONDS = 10.0  # the template's time limit
RULES = Limits(size=1_000_000, bits=100_000, work=20_000_000, output=2_000_000,  # a long rulebook is
               numbers=1_000_000)  # 100,000 characters; a game's helpers take counts of cards
EMBED, EMBED_END = "\ue000", "\ue001"  # around an embed's index (figures, aids, breaks)
EMBED_TOKEN = re.compile(f"{EMBED}(\\d+){EMBED_END}")
OWN_FILTERS = {"words": words, "join_and": join_and, "plural": plural, "signed": signed}


class _LineMarks(Extension):
    """Mark every line of template text with its line number in the source."""

    def filter_stream(self, stream):
        for token in stream:
            if token.type == "data" and "\n" in token.value:
                parts = token.value.split("\n")
                value = parts[0] + "".join(f"\n{MARK}{token.lineno + i}{END}{part}"
                                           for i, part in enumerate(parts[1:], start=1))
                yield Token(token.lineno, "data", value)
            else:
                yield token


# -- the context --------------------------------------------------------------------------

class Embeds:
    """Figures, aids and breaks met while rendering, each replaced in the text by a token."""

    def __init__(self):
        self.items: list[doc.Embed] = []
        self.score_sheet: doc.ScoreSheet | None = None

    def token(self, item: doc.Embed) -> str:
        self.items.append(item)
        return f"{EMBED}{len(self.items) - 1}{EMBED_END}"


def _helpers(game: Game, embeds: Embeds) -> dict[str, Callable]:
    def check_cards(component: str, ids) -> None:
        fault = worked.card_fault(game, component, ids)
        if fault:
            raise HelperError(fault)

    def mark_of(mark):
        if mark not in (None, "good", "bad"):
            raise HelperError(f"mark must be 'good' or 'bad', got {mark!r}")
        return mark

    def card_grid(component: str, rows, caption: str = "", mark: str | None = None, labels=()) -> str:
        grid = tuple(tuple(None if i is None else str(i) for i in row) for row in rows)
        if not grid or not all(grid):
            raise HelperError("card_grid() needs rows of card ids")
        check_cards(component, [i for row in grid for i in row])
        return embeds.token(doc.CardsFigure(component, grid, str(caption), mark_of(mark),
                                            tuple(str(l) for l in labels)))

    def cards(component: str, *ids, caption: str = "", mark: str | None = None) -> str:
        if not ids:
            raise HelperError("cards() needs at least one card id")
        return card_grid(component, [list(ids)], caption, mark)

    def card(component: str, card_id: str, caption: str = "", mark: str | None = None) -> str:
        return card_grid(component, [[card_id]], caption, mark)

    def page_break() -> str:
        return "\n\n" + embeds.token(doc.PageBreakMark()) + "\n\n"

    def back_cover() -> str:
        return "\n\n" + embeds.token(doc.BackCoverMark()) + "\n\n"

    def aid(title: str, caller=None) -> str:
        if caller is None:
            raise HelperError('aid() is used as {% call aid("Title") %}…{% endcall %}')
        return "\n\n" + embeds.token(doc.AidSource(str(title), caller())) + "\n\n"

    def score_sheet(columns=("Score",), sets: int = 6, title: str = doc.ScoreSheet.title,
                    row_label: str = doc.ScoreSheet.row_label) -> str:
        columns = tuple(str(c) for c in columns)
        if not columns or not 1 <= int(sets) <= 20:
            raise HelperError("score_sheet() needs at least one column and 1 to 20 sets")
        for key, value in (("title", title), ("row_label", row_label)):
            if fault := doc.score_text_fault(key, value):
                raise HelperError(f"score_sheet(): {fault}")
        embeds.score_sheet = doc.ScoreSheet(columns, int(sets), title, row_label)
        return ""

    def example(kind: str, title: str = "", caller=None) -> str:
        if caller is None:
            raise HelperError('example() is used as {% call example("kind", title="…") %}…{% endcall %}')
        source = worked.replay(game, str(kind), str(title), caller())
        return "\n\n" + embeds.token(source) + "\n\n"

    return {"card": card, "cards": cards, "card_grid": card_grid, "page_break": page_break,
            "back_cover": back_cover, "aid": aid, "score_sheet": score_sheet, "example": example}


def _ruleset_helpers(game: Game, embeds: Embeds, own) -> dict:
    """The names the game's rule sets give rules.md. One that two of them offer, or one of
    ppgen's own names (own), is an error at game.toml's `rulesets` line: else one would
    silently replace the other."""
    offers = {}
    for name in game.rulesets:
        offer = rulesets.get(name).helpers
        offers[name] = dict(offer(game, embeds)) if offer is not None else {}
    faults = rulesets.clashes(offers, "rules.md helper", own)
    if faults:
        raise GameError([problem(game.manifest, game.line_of("rulesets"), fault) for fault in faults])
    return {key: value for offered in offers.values() for key, value in offered.items()}


def environment() -> jinja2.Environment:
    env = Sandbox(RULES, undefined=Explained, autoescape=False, keep_trailing_newline=True,
                  extensions=[_LineMarks], loader=NoFiles())
    env.filters.update(OWN_FILTERS)  # guarded as added
    return env


def render(game: Game) -> tuple[str, Embeds]:
    """rules.md through Jinja2: the marked Markdown text and the embeds it refers to."""
    path = game.rules
    source, fault = read_text(path)
    if fault:
        raise GameError(fault)
    reserved = _reserved(source)
    if reserved:
        raise GameError(problem(path, *reserved))
    env = environment()
    try:
        code = env.compile(source, name=path.name, filename=str(path))
    except RecursionError:
        raise GameError(problem(path, None, "template nested too deeply to read")) from None
    except jinja2.TemplateSyntaxError as exc:
        unclosed = _unclosed(env, source) if "Unexpected end of template" in str(exc.message) else None
        if unclosed:
            tag, line = unclosed
            raise GameError(problem(path, line, f"template syntax: {{% {tag} %}} is never closed "
                                                f"(no {{% end{tag} %}})")) from None
        raise GameError(problem(path, exc.lineno, f"template syntax: {exc.message}")) from None
    template = env.template_class.from_code(env, code, env.make_globals(None))
    embeds = Embeds()
    context = {
        "game": game,
        "data": game.data,
        "components": game.components,
        "players": span(game.players),
        "minutes": span(game.minutes),
        **_helpers(game, embeds),
    }
    context.update(_ruleset_helpers(game, embeds, own=(*context, *env.globals, *OWN_FILTERS)))
    try:
        with reading(game.data, (*context, *env.globals)):  # a missing name is said with what there is
            text = env.run(RENDER_SECONDS, bounded, template.generate(context), env.limits.output)
    except RecursionError:
        raise GameError(problem(path, None, "the template nests or recurses too deeply")) from None
    except RenderTooLong:
        raise GameError(problem(path, None, f"the template ran for more than {RENDER_SECONDS} s and was "
                                            f"stopped: a loop that runs too long?")) from None
    except Exception as exc:  # noqa: BLE001 - any failure inside the template is the template's
        line = getattr(exc, "line", None) if isinstance(exc, HelperError) else None
        message = worked.no_component(game, exc.args[0]) if _from_component(exc) else _message(exc)
        raise GameError(problem(path, line or _template_line(exc, str(path)), message)) from None
    return MARK + "1" + END + text, embeds


def _reserved(source: str) -> tuple[int, str] | None:
    """The line of a character ppgen uses to mark lines and figures in the text, and why it
    may not be written: it would forge a line number or a figure."""
    for number, line in enumerate(source.split("\n"), start=1):
        for ch in (MARK, END, EMBED, EMBED_END):
            if ch in line:
                return number, f"character U+{ord(ch):04X} is reserved (ppgen marks lines and figures with it)"
    return None


_BLOCK_TAGS = ("for", "if", "macro", "call", "filter", "with", "block", "autoescape", "set", "raw")


def _unclosed(env: jinja2.Environment, source: str) -> tuple[str, int] | None:
    """The innermost block tag left open at the end of the template, and its line."""
    stack: list[tuple[str, int]] = []
    try:
        tokens = [(t.lineno, t.type, t.value) for t in env.lexer.tokenize(source)]
    except jinja2.TemplateSyntaxError:
        return None
    i = 0
    while i < len(tokens):
        line, kind, value = tokens[i]
        if kind == "block_begin" and i + 1 < len(tokens) and tokens[i + 1][1] == "name":
            name = tokens[i + 1][2]
            j = i + 2
            assigns = False
            while j < len(tokens) and tokens[j][1] != "block_end":
                assigns = assigns or tokens[j][1] == "assign"
                j += 1
            if name in _BLOCK_TAGS and not (name == "set" and assigns):
                stack.append((name, tokens[i + 1][0]))
            elif name.startswith("end") and stack and stack[-1][0] == name[3:]:
                stack.pop()
            i = j
        i += 1
    return stack[-1] if stack else None


def _template_line(exc: BaseException, filename: str) -> int | None:
    """The rules.md line of the innermost template frame of the traceback."""
    if isinstance(exc, jinja2.TemplateSyntaxError) and exc.lineno:
        return exc.lineno
    line = None
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _from_component(exc: BaseException) -> bool:
    """True for the KeyError of game.component('no-such-id')."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return isinstance(exc, KeyError) and tb is not None and tb.tb_frame.f_code is Game.component.__code__


def _message(exc: BaseException) -> str:
    if isinstance(exc, HelperError):
        return str(exc)
    if isinstance(exc, SecurityError):
        return f"not allowed in rules: {exc}"
    if isinstance(exc, jinja2.UndefinedError):
        return f"undefined: {exc.message}"
    if isinstance(exc, TypeError):
        return (f"template: {exc} (card data is text unless its component lists the column in "
                f"numbers = [...] in game.toml)")
    if isinstance(exc, jinja2.TemplateSyntaxError):
        return f"template syntax: {exc.message}"
    if isinstance(exc, jinja2.TemplateError):
        return f"template: {exc.message or exc}"
    return f"template: {type(exc).__name__}: {exc}"
