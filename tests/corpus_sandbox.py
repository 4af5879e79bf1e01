"""Hostile-input corpus, round two (issue 19): `when` expressions and rules templates that try
to take the machine's memory or time. Each class of amplification (powers, widths given as
arguments, joining and replacing, `~` and `+`, lipsum, slices and batches, sums of lists,
formats) has the bombs the issue lists and others of the same class. A `when` goes on
coin-flip's ellipse and is refused at that element's line of game.toml, for every card."""

from __future__ import annotations

import json

from corpus_kit import Case, edit, rules_line

ELLIPSE = 'type = "ellipse"'
AT_ELLIPSE = (ELLIPSE, -1)  # the element's [[faces.coin.elements]] line


def when(expression: str):
    return edit("game.toml", ELLIPSE, f"{ELLIPSE}\nwhen = {json.dumps(expression)}")


def refused(name: str, expression: str, message: str) -> Case:
    return Case(f"when-{name}", when(expression), "game.toml", f"not allowed in a condition: {message}", AT_ELLIPSE)


def template(name: str, text: str, message: str, line: str | None) -> Case:
    return Case(f"template-{name}", rules_line(text), "rules.md", f"not allowed in rules: {message}", line)


BITS = "would make a number of more than 4,096 bits"
TOO_BIG = "would make more than 10,000 characters or items"
WIDTH = "a format width above 10,000"
ALL = "more than 100,000 characters and items made in all"

CASES: tuple[Case, ...] = (
    # numbers: each step small, the number huge
    refused("power-chain", "(((9**99)**99)**99)**99", f"a power {BITS}"),
    refused("power-big", "10**5000 > name|length", f"a power {BITS}"),
    refused("multiply-chain", " * ".join(["9**99"] * 16), f"multiplying {BITS}"),
    refused("int-from-text", "('9'*2000)|int > 0", "a number of more than 4,096 bits"),
    # widths, written or given as arguments
    refused("indent-width", "'x'|indent(10**9)", f"the indent filter {TOO_BIG}"),
    refused("indent-text-width", "('x\\n'*999)|indent('y'*99)", f"the indent filter {TOO_BIG}"),
    refused("center-method", "'x'.center(10**9)", f"str.center() {TOO_BIG}"),
    refused("zfill-method", "name.zfill(99999)", f"str.zfill() {TOO_BIG}"),
    refused("percent-star-width", "'%*d' % (10**9, 1)", WIDTH),
    refused("percent-key-width", "'%(a)999999999s' % {'a': 1}", WIDTH),
    refused("percent-precision", "'%.999999999f' % 1.5", WIDTH),
    refused("format-filter-width", "'%*s'|format(10**9, 'x')", WIDTH),
    refused("brace-argument-width", "'{0:{1}}'.format('x', '1000000000')", WIDTH),
    refused("brace-width", "'{:>999999999}'.format(name)", WIDTH),
    refused("format-map-width", "'{a:{b}}'.format_map({'a': 'x', 'b': 10**9})", WIDTH),
    refused("to-bytes", "(1).to_bytes(10**9, 'big')", f"int.to_bytes() {TOO_BIG}"),
    refused("expandtabs", "('\\t'*999).expandtabs(999)", f"str.expandtabs() {TOO_BIG}"),
    # joining and replacing: small pieces, a huge result
    refused("join-method-bomb", "'x'.join(['y'*999999]*999)", f"repeating text or a list {TOO_BIG}"),
    refused("join-method", "'x'.join(['y'*9999]*9999)", f"str.join() {TOO_BIG}"),
    refused("join-filter", "(('x'*9999)|list)|join('y'*9999)", f"the join filter {TOO_BIG}"),
    refused("join-mapped", "range(9999)|map('string')|join('x'*9999)", f"the join filter {TOO_BIG}"),
    refused("replace-method", "('x'*9999).replace('x','xxxxxx')", f"str.replace() {TOO_BIG}"),
    refused("replace-filter", "('x'*9999)|replace('x', name)", f"the replace filter {TOO_BIG}"),
    refused("translate", "('x'*9999).translate({120: 'y'*9999})", f"str.translate() {TOO_BIG}"),
    refused("wordwrap", "('x'*9999)|wordwrap(1)", f"the wordwrap filter {TOO_BIG}"),
    refused("urlize-target", "('a.b '*2000)|urlize(target='y'*9999)", f"the urlize filter {TOO_BIG}"),
    refused("tojson-indent", "[[[[name]]]]|tojson(indent=9999)", f"the tojson filter {TOO_BIG}"),
    refused("percent-many", "('%s' * 99) % (('y'*999,) * 99)", f"formatting with % {TOO_BIG}"),
    refused("brace-repeated-field", "'{0}{0}{0}{0}'.format('y'*9999)", f"formatting {TOO_BIG}"),
    # concatenation
    refused("repeat", "'x' * 10**9", f"repeating text or a list {TOO_BIG}"),
    refused("concat", "('x'*5000) ~ ('x'*5000) ~ name", f"joining with ~ {TOO_BIG}"),
    refused("add", "(range(9999)|list) + (range(9999)|list)", f"adding {TOO_BIG}"),
    # lipsum makes pages of text out of nothing: not there at all
    Case("when-lipsum", when("lipsum(10**6)"), "game.toml", "'when' reads column 'lipsum'", "when ="),
    # slices and batches
    refused("batch-padding", "[1]|batch(999999999, 'x')|list", f"the batch filter {TOO_BIG}"),
    refused("slice-count", "[1]|slice(999999999)|list", f"the slice filter {TOO_BIG}"),
    refused("range", "range(99999)|map('string')|list", "a range of more than 10,000 numbers"),
    refused("slices", "[" + ", ".join(["('x'*9999)[1:]"] * 8) + "]", ALL),
    # many values, each small: the work of one evaluation
    refused("sum-of-lists", "range(9999)|batch(1)|sum(start=[])", ALL),
    refused("map-center", "range(9999)|map('center', 9999)|list|length > 0", ALL),
    refused("list-string", "('x'*9999)|list|string|length > 0", "a value of more than 10,000 characters or items"),
    # rules.md: the same classes, at its own bounds
    template("power-chain", "{{ (((9**99)**99)**99)**99 }}", "a power would make a number of more than 100,000 bits",
             "9**99"),
    template("indent-amplified", "{{ ('x\\n'*999)|indent(9999) }}",
             "the indent filter would make more than 1,000,000", "indent("),
    template("star-width", "{{ '%*d' % (10**9, 1) }}", "a format width above 1,000,000", "'%*d'"),
    template("argument-width", "{{ '{0:{1}}'.format('x', '1000000000') }}", "a format width above 1,000,000",
             "'{0:{1}}'"),
    template("join-amplified", "{{ range(99999)|map('string')|join('x'*999999) }}",
             "the join filter would make more than 1,000,000", "join("),
    template("replace-amplified", "{{ ('x'*999999).replace('x','xxxxxx') }}",
             "str.replace() would make more than 1,000,000", "replace("),
    template("wordwrap", "{{ ('x'*999999)|wordwrap(1) }}", "the wordwrap filter would make", "wordwrap("),
    template("slice-padding", "{{ [1, 2]|slice(999999, 'x')|list|length }}", "the slice filter would make",
             "slice("),
    template("concat-doubling", "{% set ns = namespace(s='x') %}{% for i in range(40) %}"
                                "{% set ns.s = ns.s ~ ns.s %}{% endfor %}", "joining with ~ would make", "ns.s ~"),
    template("macro-output", "{% macro a() %}{{ 'x'*999999 }}{% endmacro %}{% macro b() %}{{ a() }}{{ a() }}"
                             "{{ a() }}{% endmacro %}{{ b()|length }}",
             "the text of a macro, block or set grew past 2,000,000 characters", "macro"),
    template("set-block-output", "{% set s %}{% for i in range(9) %}{{ 'x'*999999 }}{% endfor %}{% endset %}",
             "the text of a macro, block or set grew past 2,000,000 characters", "set s"),
    template("sum-of-lists", "{{ range(99999)|batch(1)|sum(start=[])|length }}",
             "more than 20,000,000 characters and items made in all", "sum("),
    Case("template-lipsum", rules_line("{{ lipsum(1000000) }}"), "rules.md", "'lipsum' is undefined", "lipsum"),
)
