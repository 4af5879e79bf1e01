"""`ppgen design squid-deck`: the cult cards as a CSV (id, card, rank, suit, cult), one suit
per cult of data.cults and one for data.squid, so the deck follows the cults when they
change. The same game always gives the same bytes."""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path

import click

from ...model import Game
from ..base import game_option
from ..playing_cards.deck import RANKS
from . import cults

COLUMNS = ("id", "card", "rank", "suit", cults.CULT_COLUMN)


def csv_text(game: Game) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for cult in cults.every_cult(game):
        for rank in RANKS:
            card = f"{rank}{cult.suit}"
            writer.writerow((f"{card}-{cult.key}", card, rank, cult.suit, cult.key))
    return out.getvalue()


@click.command("squid-deck", epilog="""\b
Example:
  ppgen design squid-deck --out games/uncontrolled-squid/cards.csv""")
@game_option("uncontrolled-squid", "The game whose data.cults and data.squid to read.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="CSV file to write (default: standard output).")
def command(game: Game, out: Path | None) -> None:
    """Write the cult cards as a CSV: each cult's suit, ace to king, and the Squid's."""
    try:
        text = csv_text(game)
    except ValueError as exc:
        raise click.UsageError(f"{game.id}: {exc}") from None
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text, encoding="utf-8", newline="")
        click.echo(f"wrote {text.count(chr(10)) - 1} cards to {out}", err=True)
