"""Layout decisions kept between runs, so that validating unchanged rules lays them out once.

Fitting the rules takes many trial layouts: the handout tries measure after measure and size
after size until one fits the sheet, the booklet lays itself out again to put its notes pages
before the back cover and to make room for a contents page, and the aid cards try sizes until
every aid fits. What those searches find (the handout's measure and size on each paper, or why
none fits; the booklet's contents page and notes pages; the aids' text sizes) is a function of
what they lay out, and is kept in the face cache under a key of all of it:

- ppgen's code and the game's fonts (cache.Store.key mixes in code_digest and game_digest);
- the game's content, never its place: its folder is written `<game>` wherever the key's text
  names it, and its id (the folder's name, which no layout reads) is left out, so a game copied
  or renamed keeps its layouts (the files in it are in the key by their bytes, below);
- ppgen's styles and words (templates/), which code_digest does not cover;
- the game as loaded without its cards' rows (game.toml, [data], its editions' words), and
  each component's count: the rules' figures draw cards at the component's size;
- every file in the game folder that is not text data (its images and SVG art: a picture's
  size moves the text around it); text data (CSV, TOML, Markdown) reaches the layout only
  through the game or the rules document, both in the key;
- what is laid out: the rules document as read (repr, with the numbers its template computed
  from the cards), the paper, and which search.

The next run with the same key lays out only the decision, once, and checks that it still
holds (a handout that fits, a contents page that fills); anything else, and the search runs
whole. The layout drawn is then the very one the search would have found, so every output
is the same bytes (tests/test_layout_memo.py compares them). A folder too big to hash at
once (MAX_FILES, MAX_BYTES) keeps nothing. Entries are read through the cache's checks and
parsed as data only: anything malformed is no entry."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from pathlib import Path

from .cache import Store, file_digest, placeless, styles_digest, without_cards

FORMAT = "ppgen-layout-memo-1"
TEXT_DATA = frozenset({".csv", ".tsv", ".xlsx", ".toml", ".md", ".txt", ".json"})
MAX_FILES = 2_000  # files in a game folder hashed for the key; more: no memo
MAX_BYTES = 256 * 2**20


class LayoutMemo:
    """recall(game, what) / keep(game, what, value): a layout search's result, as JSON data."""

    def __init__(self, store: Store | None):
        self.store = store if store is not None and store.enabled else None
        self._settings: dict[int, str | None] = {}

    def recall(self, game, what: str):
        key = self._key(game, what)
        raw = self.store.recall(key) if key else None
        if raw is None:
            return None
        try:
            return json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return None

    def keep(self, game, what: str, value) -> None:
        key = self._key(game, what)
        if key:
            self.store.keep(key, json.dumps(value, sort_keys=True).encode("utf-8"))

    def _key(self, game, what: str) -> str | None:
        if self.store is None:
            return None
        if id(game) not in self._settings:
            self._settings[id(game)] = _setting(game)
        setting = self._settings[id(game)]
        if setting is None:
            return None
        digest = hashlib.sha256(f"{setting}\0{placeless(what, game)}".encode("utf-8", "surrogatepass")).hexdigest()
        return self.store.key(game, digest, FORMAT, 0, 0)


def _setting(game) -> str | None:
    """Everything of the game a layout reads besides the rules document (None: too much to hash)."""
    assets = _assets(Path(game.root))
    if assets is None:
        return None
    counts = [c.count for c in game.components]
    game_text = placeless(repr(dataclasses.replace(without_cards(game), id="")), game)
    return "\0".join([FORMAT, game_text, repr(counts), styles_digest(), *assets])


def _assets(root: Path) -> list[str] | None:
    """NAME=DIGEST of every file under root that is not text data, in order; None: too many.
    A walk of its own, without recursion: a folder may nest deeper than Python recurses."""
    found, total, folders = [], 0, [str(root)]
    while folders:
        folder = folders.pop()
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda e: e.name, reverse=True)
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                folders.append(entry.path)
            elif Path(entry.name).suffix.lower() not in TEXT_DATA and entry.is_file():
                total += entry.stat().st_size
                if len(found) >= MAX_FILES or total > MAX_BYTES:
                    return None
                found.append(f"{os.path.relpath(entry.path, root)}={file_digest(entry.path)}")
    return found
