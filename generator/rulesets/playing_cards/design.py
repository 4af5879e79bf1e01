"""`ppgen design standard-deck`: a standard deck as a CSV, for designers who would rather
extend a spreadsheet than declare `standard = { ... }` in game.toml. Same options, same
rows and ids as the declaration (generator/standard_deck.py); the same options always give
the same bytes."""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path

import click

from ...errors import did_you_mean
from ...standard_deck import COLUMNS, DeckSpec, read_spec, rows


def csv_text(spec: DeckSpec) -> str:
    """The deck as CSV text: the header, then one row per card, '\\n' line ends."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows(spec))
    return out.getvalue()


def _listed(ctx, param, value: str | None):
    """'A, 2,3' -> ['A', '2', '3']; None stays None (the whole rank or suit range)."""
    return None if value is None else [item.strip() for item in value.split(",") if item.strip()]


@click.command("standard-deck", epilog="""\b
Examples:
  ppgen design standard-deck --jokers 2 --out cards.csv
  ppgen design standard-deck --ranks A,2,3,4,5,6,7,8,9,10 --suits S,H --copies 2""")
@click.option("--jokers", type=int, default=0, show_default=True, help="Jokers after the suited cards (JK1, JK2, ...).")
@click.option("--ranks", callback=_listed, metavar="LIST", help="Comma list of ranks (default: A,2,...,10,J,Q,K).")
@click.option("--suits", callback=_listed, metavar="LIST", help="Comma list of suits (default: S,H,D,C).")
@click.option("--copies", type=int, default=1, show_default=True, help="Copies of each suited card (ids AS, AS-2, ...).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="CSV file to write (default: standard output).")
def command(jokers: int, ranks: list[str] | None, suits: list[str] | None, copies: int, out: Path | None) -> None:
    """Write a standard deck of playing cards as a CSV: id, card, rank, suit, names, colour, value."""
    declaration = {"jokers": jokers, "copies": copies}
    declaration |= {key: value for key, value in (("ranks", ranks), ("suits", suits)) if value is not None}
    spec, faults = read_spec(declaration, did_you_mean)
    if spec is None:  # the declaration's messages, speaking of options instead of keys
        raise click.UsageError("\n".join(message.replace(f"'{key}'", f"--{key}", 1) for key, message in faults))
    text = csv_text(spec)
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text, encoding="utf-8", newline="")
        click.echo(f"wrote {spec.size} cards to {out}", err=True)
