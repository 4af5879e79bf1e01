"""Cut sheets: card faces n-up on Letter or A4, crop marks in the margins, each fronts page
followed by its backs page mirrored for long-edge duplex (or, gutterfold, beside them on
the same page). Small decks that fit in the paper a deck's last page leaves free join
that page instead of taking a sheet of their own. Geometry comes from geometry/ (grid.py,
layouts.py, placement.py); sheetpage.py draws a page."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ..load import printers
from .pdfdoc import new_canvas, save_streamed
from .replays import Replays
from .sheetcache import Memo
from .sheetpage import Block, Page, Side
from ..faces import pdf as face_pdf
from ..faces.compose import compose, shared_back
from ..ops import FaceDrawing
from ..model import Component, Game
from ..artifacts import Artifact
from ..geometry import grid as gridmath
from ..geometry import layouts, placement


def make(plan, folder: Path, options) -> list[Artifact]:
    """The 'cards' part: one cut-sheet PDF per deck and paper (small decks that join an
    earlier deck's last page are in that deck's PDF)."""
    game = plan.game
    decks = [c for c in game.components if c.printed_cards]  # mats: mats.py
    artifacts = []
    chosen = {c.id for c in decks if options.builds(c)}  # --component: the PDFs that hold these decks
    tick = options.tick("cards on sheets", sum(c.count for c in decks if c.id in chosen) * len(options.papers))
    deck_of = {c.id: Deck(Faces(game, c, "front", plan.drawing, plan.digest), backs_of(game, c, plan.drawing, plan.digest),
                          shape=(c.shape, c.corner)) for c in decks}
    layout = options.layout or game.layout
    # the faces drawn on one paper, for the next; not for a deck too big for validate to hold
    # its drawings (each page's are composed afresh: another object every paper)
    replays = Replays() if len(options.papers) > 1 and plan.drawings else None
    for paper in options.papers:
        joined: set[str] = set()
        for index, component in enumerate(decks):
            if component.id in joined:
                continue
            later = [c for c in decks[index + 1:] if c.id not in joined]
            guests = [deck_of[c.id] for c in later]
            if component.id not in chosen:  # written only if a chosen deck joins its last page
                came = [later[g.index].id for g in deck_pages(paper, deck_of[component.id], guests, layout,
                                                               game.layouts)[2]]
                joined.update(came)
                if not chosen.intersection(came):
                    continue
            name = f"cards-{paper}.pdf" if len(decks) == 1 else f"cards-{component.id}-{paper}.pdf"
            options.progress(f"{game.id}: {name}")
            memo = Memo(options.cache, (str(game.root), *game.out_parts, name), game)  # an edition: its own
            pages, came = write_deck_sheets(folder / name, paper, deck_of[component.id], guests,
                                             title=f"{game.title}: {component.name}", layout=layout,
                                             printer=options.printer, custom=game.layouts, tick=tick,
                                             guides=options.cut_guides, game=game, memo=memo, replays=replays)
            memo.save()
            extra = {"component": component.id, "layout": layout}
            if came:
                joined.update(later[i].id for i in came)
                extra["with"] = [later[i].id for i in came]
            artifacts.append(Artifact(name, "cut-sheets", paper, pages, extra))
    return artifacts


@dataclass(frozen=True)
class Deck:
    """A deck's fronts and backs (None: it has no backs), read a page at a time. apart: its
    backs hide the fronts in play, so cards whose backs differ never share a cut edge (not
    so for player aids, whose two sides are both read)."""
    fronts: Sequence[FaceDrawing]
    backs: Sequence[FaceDrawing] | None
    apart: bool = True
    shape: tuple[str, float] = ("rectangle", 0.0)  # what its pieces are cut to, and a rounded one's corner


class Faces(Sequence):
    """One side of a deck's printed cards (each card as many times as its copies), each
    composed when its page is drawn and then let go: the sheets of a 20,000-card deck never
    hold more than a page of drawings. Copies sit side by side, so the last drawing is kept.
    recalled(face) gives the drawing validate composed, when it was kept (Plan.drawing);
    digests(face) its digest, when validate noted it (Plan.digest: the face cache)."""

    def __init__(self, game: Game, component: Component, side: str,
                 recalled: Callable[[tuple], FaceDrawing | None],
                 digests: Callable[[tuple], str | None] = lambda face: None):
        self.game, self.component, self.side = game, component, side
        self.printed = [i for i, card in enumerate(component.cards) for _ in range(card.copies)]
        self.recalled, self.digests = recalled, digests
        self._last: tuple[int, FaceDrawing] | None = None

    def digest(self, index: int) -> str | None:
        """What the drawing of card `index` shows, without composing it (None: not known)."""
        return self.digests((self.component.id, self.component.cards[self.printed[index]].id, self.side))

    def __len__(self) -> int:
        return len(self.printed)

    def __getitem__(self, index: int) -> FaceDrawing:
        card = self.printed[index]
        if self._last is None or self._last[0] != card:
            row = self.component.cards[card]
            drawing = self.recalled((self.component.id, row.id, self.side)) \
                or compose(self.game, self.component, row, self.side)
            self._last = (card, drawing)
        return self._last[1]


class Repeat(Sequence):
    """The same drawing `count` times (a shared back): drawn once into a PDF form object
    and placed by reference, rather than its operations written out once per card."""

    def __init__(self, drawing: FaceDrawing, count: int, known: str | None = None):
        self.drawing, self.count, self.known = drawing, count, known  # known: its digest, if validate noted it

    def digest(self, index: int) -> str | None:
        return self.known

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, index: int) -> FaceDrawing:
        if not -self.count <= index < self.count:
            raise IndexError(index)
        return self.drawing


def backs_of(game: Game, component: Component, recalled,
             digests: Callable[[tuple], str | None] = lambda face: None) -> Sequence[FaceDrawing] | None:
    """A deck's backs as its sheets print them (None: blank backs; Repeat: one shared back)."""
    if not component.back:
        return None
    if shared_back(game, component):
        first = component.cards[0]  # validate composes a shared back once, as the first card's
        return Repeat(compose(game, component, first, "back"), component.count,
                      digests((component.id, first.id, "back")))
    return Faces(game, component, "back", recalled, digests)


def write_cut_sheets(path: Path, paper: str, fronts: Sequence[FaceDrawing],
                     backs: Sequence[FaceDrawing] | None, title: str = "", apart: bool = True, **options) -> int:
    """Write fronts n-up (and after each fronts page its backs page, or beside the fronts on
    a gutterfold page); returns the page count. apart as for Deck, options as for
    write_deck_sheets."""
    return write_deck_sheets(path, paper, Deck(fronts, backs, apart), [], title, **options)[0]


@dataclass(frozen=True)
class Guest:
    """A small deck that joins a host deck's last page: its place in the guests offered,
    its grid in the paper below the host's cards, and its cards' slots there."""
    index: int
    grid: gridmath.SheetGrid
    placed: placement.Placed


def write_deck_sheets(path: Path, paper: str, deck: Deck, guests: list[Deck], title: str = "",
                      layout: str = layouts.DEFAULT_LAYOUT, printer: printers.Profile | None = None,
                      custom=None, tick=lambda count: None, guides: bool = True,
                      game: Game | None = None, memo: Memo | None = None,
                      replays: Replays | None = None) -> tuple[int, list[int]]:
    """Write a deck's sheets, `guests` that fit whole below the cards of its last page joining
    that page (_guests); returns the page count and which guests joined (their places in
    `guests`). tick(n) counts the cards placed. guides: outline each card on the fronts.
    game: whose manifest gives the PDF's metadata. memo: the pages of the last build, to
    take again those that show the same (sheetcache.py). replays: the faces another paper's
    sheets of this build drew, to replay (replays.py)."""
    memo = memo or Memo(None, ())
    grid, pages, joined = deck_pages(paper, deck, guests, layout, custom)
    canvas = new_canvas(path, (grid.page_w, grid.page_h), title, game)
    forms: dict[int, str] = {}
    _add_form(canvas, forms, deck.backs)
    count = 0
    for number, placed in enumerate(pages):
        blocks = [(grid, deck, placed)]
        for guest in joined if number == len(pages) - 1 else ():
            blocks.append((guest.grid, guests[guest.index], guest.placed))
            _add_form(canvas, forms, guests[guest.index].backs)
        tick(sum(len(p) for _, _, p in blocks))
        count += _sheet(canvas, blocks, printer, guides and grid.crop_marks, forms, memo, replays)
    save_streamed(canvas)
    return count, [guest.index for guest in joined]


def deck_pages(paper: str, deck: Deck, guests: list[Deck], layout: str, custom) -> tuple:
    """Where a deck's cards go: (grid, the cards placed on each page, the Guests that join
    its last page)."""
    first = deck.fronts[0]
    bleed = first.bleed
    grid = layouts.sheet(layout, first.width - 2 * bleed, first.height - 2 * bleed, bleed, paper, custom)
    pages = list(placement.pages(grid.front_slots(), len(deck.fronts), _back_key(deck)))
    return grid, pages, _guests(grid, [grid.front_slots()[slot] for slot, _ in pages[-1]], deck, guests)


def _guests(grid: gridmath.SheetGrid, used: list[gridmath.Slot], host: Deck, guests: list[Deck]) -> list[Guest]:
    """The guests that join the host's last page: the first that fits below its cards, then
    the first of the rest that fits below that one's, and so on (tokens and markers of
    several kinds packed on one sheet)."""
    joined: list[Guest] = []
    while (guest := _guest(grid, used, host, guests, {g.index for g in joined})) is not None:
        joined.append(guest)
        grid, used = guest.grid, [guest.grid.front_slots()[slot] for slot, _ in guest.placed]
    return joined


def _guest(grid: gridmath.SheetGrid, used: list[gridmath.Slot], host: Deck, guests: list[Deck],
           taken: set[int]) -> Guest | None:
    """The first guest not taken whose cards all fit the paper below `used` (with backs if
    the host has)."""
    for index, deck in enumerate(guests):
        if index in taken or (deck.backs is None) != (host.backs is None):
            continue
        first = deck.fronts[0]
        below = placement.grid_below(grid, used, first.width - 2 * first.bleed, first.height - 2 * first.bleed,
                                     first.bleed)
        if below is None:
            continue
        pages = list(placement.pages(below.front_slots(), len(deck.fronts), _back_key(deck)))
        if len(pages) == 1:
            return Guest(index, below, pages[0])
    return None


def _sheet(canvas: Canvas, blocks, printer: printers.Profile | None, guides: bool, forms: dict[int, str],
           memo: Memo, replays: Replays | None = None) -> int:
    """One sheet of paper: a fronts page and its backs page, or a gutterfold's one page, each
    (grid, deck, placed) of `blocks` on it. Returns the pages drawn. A page the memo has is
    not drawn, and its faces not composed."""
    grid = blocks[0][0]
    marked = [Block(g, _slots(g.front_slots(), placed) + (_slots(g.back_slots(), placed) if g.folded else []))
              for g, _, placed in blocks]
    page = Page(marked, guides, forms, replays)
    if grid.folded:  # one side of the paper: no duplex to correct
        sides = ("fronts", "backs")
        memo.page(canvas, _shown(blocks, sides, forms, guides), lambda: page.draw(canvas, _sides(blocks, sides)))
        return 1
    memo.page(canvas, _shown(blocks, ("fronts",), forms, guides),
              lambda: page.draw(canvas, _sides(blocks, ("fronts",))))
    if all(deck.backs is None for _, deck, _ in blocks):
        return 1
    matrix = None if printer is None else printers.back_transform(printer, grid.page_w, grid.page_h)
    memo.page(canvas, _shown(blocks, ("backs",), forms, guides, matrix),
              lambda: page.draw(canvas, _sides(blocks, ("backs",)), matrix))
    return 2


def _slots(slots: list[gridmath.Slot], placed) -> list[gridmath.Slot]:
    return [slots[slot] for slot, _ in placed]


def _sides(blocks, names: tuple[str, ...]) -> list[Side]:
    """The cards of `blocks` on a page: their fronts, their backs (mirrored), or both."""
    sides = []
    for name in names:
        back = name == "backs"
        for grid, deck, placed in blocks:
            faces = getattr(deck, name)
            if faces is not None:
                slots = _slots(grid.back_slots() if back else grid.front_slots(), placed)
                sides.append(Side(slots, [faces[card] for _, card in placed], back, grid.rotated, deck.shape))
    return sides


def _shown(blocks, names: tuple[str, ...], forms: dict[int, str], *more) -> str | None:
    """What a page shows, without composing its faces: the grids, the cards placed, the
    digests of their faces (and a shared back's form), `more` (the marks, a printer's
    correction). None when a face's digest is not known: that page is drawn."""
    pieces = [repr((names, more))]
    for grid, deck, placed in blocks:
        pieces.append(repr((grid, placed, deck.shape)))
        for faces in (getattr(deck, name) for name in names):
            digest = getattr(faces, "digest", None)
            if faces is None:
                continue
            if digest is None:
                return None
            for _, card in placed:
                pieces.append(digest(card) or "")
            if isinstance(faces, Repeat):
                pieces.append(forms.get(id(faces.drawing), ""))
    return None if "" in pieces else "\0".join(pieces)


def _back_key(deck: Deck) -> Callable[[int], object] | None:
    """What tells two cards' backs apart for placement: their drawings (None: one back for
    all, a shared back or none, or backs that need not be kept apart)."""
    backs = deck.backs
    if backs is None or isinstance(backs, Repeat) or not deck.apart:
        return None
    return lambda card: identity(backs, card)


def identity(faces: Sequence[FaceDrawing], index: int) -> object:
    """What is equal for two faces exactly when their drawings are: the digest validate
    noted (a drawing and the bytes of the files it reads), else the drawing, composed. A
    deck has every digest or none (the face cache on or off), so the two never meet."""
    digest = getattr(faces, "digest", None)
    known = digest(index) if digest is not None else None
    return known if known is not None else faces[index]


def _add_form(canvas: Canvas, forms: dict[int, str], backs: Sequence[FaceDrawing] | None) -> None:
    """A shared back drawn once into a form XObject (its bleed box at the origin)."""
    if isinstance(backs, Repeat) and id(backs.drawing) not in forms:
        name = "ppgenBack" if not forms else f"ppgenBack{len(forms) + 1}"
        canvas.beginForm(name, 0, 0, backs.drawing.width, backs.drawing.height)
        face_pdf.draw(canvas, backs.drawing, 0, 0)
        canvas.endForm()
        forms[id(backs.drawing)] = name
