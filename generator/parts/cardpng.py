"""The 'png' part: one 300 dpi PNG per card face for print-on-demand shops.

Rendering and PNG encoding dominate a build, so cards are spread over worker processes
(--jobs) that start before the cut sheets are drawn and run beside them."""

from __future__ import annotations

import multiprocessing
import os
import re
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .. import forked
from ..choices import SHOPS
from ..faces import png, pngfile
from ..faces.cutmask import cut
from ..faces.compose import compose, shared_back
from ..model import Game
from ..plan import Plan
from ..artifacts import Artifact

DPI = 300
CHUNK = 4  # card faces a worker renders at a time (30-40 ms of work at 300 dpi)

_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass(frozen=True, slots=True)  # slots: one a card face, held for the whole build
class Job:
    component: str
    card: str | None  # None: the shared back
    side: str
    path: str  # relative to the build folder
    copies: int = 1  # cards printed with this image (the manifest says so, for the print shop)
    index: int = 0  # the card's place in component.cards: found without a scan of the deck


def file_name(card_id: str) -> str:
    """Card ids may hold '/', spaces...: keep letters, digits, '.', '_' and '-'."""
    return _SAFE.sub("-", card_id).strip("-") or "card"


def jobs_of(game: Game) -> list[Job]:
    jobs = []
    for component in game.components:
        if not component.printed_cards:
            continue  # mats have their own image (mats.py)
        for index, card in enumerate(component.cards):  # validate saw that their file names differ
            name = file_name(card.id)
            jobs.append(Job(component.id, card.id, "front", f"png/{component.id}/{name}-front.png", card.copies,
                            index))
        if component.back:
            if shared_back(game, component):
                jobs.append(Job(component.id, None, "back", f"png/{component.id}/back.png", component.count))
            else:
                jobs += [Job(component.id, card.id, "back", f"png/{component.id}/{file_name(card.id)}-back.png",
                             card.copies, index) for index, card in enumerate(component.cards)]
    return jobs


def _form(component) -> str:
    """A shaped piece's PNG is masked to its shape: another picture, so another cache entry."""
    return "png" if component.shape == "rectangle" else f"png cut {component.shape} {component.corner!r}"


def key_of(plan: Plan, job: Job, bleed: float, store) -> str | None:
    """The face-cache key of a job's image, when validate noted its face's drawing (else None)."""
    component = plan.game.component(job.component)
    digest = plan.digest((component.id, component.cards[job.index].id, job.side))  # as render_job looks it up
    return None if digest is None or not store.enabled else store.key(plan.game, digest, _form(component), DPI, bleed)


def render_job(plan: Plan, folder: Path, job: Job, bleed: float, store) -> None:
    """One card face's PNG into folder, through the face cache `store` (cache.Store)."""
    game = plan.game
    component = game.component(job.component)
    card = component.cards[job.index]
    face = (component.id, card.id, job.side)
    digest = plan.digest(face)
    form = _form(component)
    if digest is not None and store.link_cached(folder / job.path, game, digest, DPI, bleed, form):
        return  # validate composed it, and its image is in the cache
    drawing = plan.drawing(face) or compose(game, component, card, job.side)
    store.write_png(folder / job.path, game, drawing, DPI, bleed,
                    lambda: pngfile.png_bytes(cut(png.render(drawing, DPI, bleed), component.shape, component.corner,
                                              bleed, DPI), DPI),
                    (job.component, job.card, job.side), form)


def _artifact(job: Job, key: str | None) -> Artifact:
    return Artifact(job.path, "card-png", extra={"component": job.component, "card": job.card, "face": job.side,
                                                 "copies": job.copies}, key=key)


# Worker processes are forked after these are set, so they inherit the game without pickling.
_WORKER: dict = {}


def _start_worker(parent: int) -> None:
    """Worker initializer: end with the build that started it, and reuse memory card to card."""
    libc = forked.libc()
    forked.die_with(parent, libc)
    forked.keep_freed_memory(libc)


def _work(chunk: list) -> tuple[int, list, list]:
    """Render a chunk (card images, and pictures other parts paste: warm.py); return what the
    cache counted and linked here (this process's own Store copy)."""
    store = _WORKER["store"]
    mark = store.mark()
    for job in chunk:
        if not isinstance(job, Job):
            job.draw(_WORKER["plan"], store)
            continue
        render_job(_WORKER["plan"], _WORKER["folder"], job, _WORKER["bleed"], store)
        _WORKER["tick"](1)
    return store.since(mark)


class Pending:
    """PNG rendering under way; wait() returns the artifacts or raises the first error."""

    def __init__(self, plan: Plan, folder: Path, options, ahead: list = (), last: list = ()):
        """ahead: pictures the workers draw into the face cache after the card images, for
        parts made once they are done (warm.Picture: drawn only when there are workers);
        last: what is made of those pictures, after them (warm.Sheet)."""
        chosen = options.components  # --component: only theirs
        self.jobs = [job for job in jobs_of(plan.game) if not chosen or job.component in chosen]
        # Folders are made here, never by a worker: a worker orphaned by a killed build must
        # not bring back the staging folder the next build removed.
        for parent in sorted({os.path.dirname(job.path) for job in self.jobs}):  # strings: a Path a job cost 5 ms
            (folder / parent).mkdir(parents=True, exist_ok=True)
        bleed = SHOPS[options.print_shop].bleed  # what the shop asks for
        self.pool = None
        self.futures = []
        self.store = options.cache
        tick = options.tick("card images", len(self.jobs))
        self.keys = [key_of(plan, job, bleed, self.store) for job in self.jobs]
        earlier, stage = options.last_images, str(folder)  # the last build's images of faces unchanged
        todo = [job for job, key in zip(self.jobs, self.keys)
                if earlier is None or not earlier.take(job.path, key, stage, self.store)]
        tick(len(self.jobs) - len(todo))
        workers = min(options.jobs, max(1, len(todo) // 8))
        if workers <= 1:
            for job in todo:
                render_job(plan, folder, job, bleed, self.store)
                tick(1)
            return
        _WORKER.update(plan=plan, folder=folder, bleed=bleed, store=self.store, tick=tick)
        self.pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"),
                                        initializer=_start_worker, initargs=(os.getpid(),))
        # Interleaved chunks keep the workers evenly loaded; small ones (a few cards each) let
        # the worker done first take the next, so that neither waits long for the other at the
        # end. At most 32 a worker: a future each, held to the end (a 20,000-card deck's memory).
        # The card images first, then what other parts paste, then the TTS sheets (warm.py).
        for work in (todo, list(ahead), list(last)):
            count = min(len(work), max(workers * 2, min(len(work) // CHUNK, workers * 32)))
            count = min(len(work), -(-count // workers) * workers)  # as many a worker: none ends a chunk early
            self.futures += [self.pool.submit(_work, work[i::count]) for i in range(count)]

    def wait(self) -> list[Artifact]:
        try:
            for future in self.futures:
                self.store.merge(*future.result())
            order = {(job.component, job.card, job.side): index for index, job in enumerate(self.jobs)}
            self.store.drawn.sort(key=lambda who: order.get(who, -1))  # the deck's order, not the workers'
        finally:
            self.cancel()
        return [_artifact(job, key) for job, key in zip(self.jobs, self.keys)]

    def cancel(self) -> None:
        """Stop early (another part failed): drop the chunks not started yet."""
        if self.pool:
            self.pool.shutdown(cancel_futures=True)
            self.pool = None
        _WORKER.clear()


def start(plan, folder: Path, options, ahead: list = (), last: list = ()) -> Pending:
    return Pending(plan, folder, options, ahead, last)


def make(plan, folder: Path, options) -> list[Artifact]:
    return start(plan, folder, options).wait()
