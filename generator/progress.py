"""A progress bar on a terminal: counts and time left for the long parts of a build (card
images, cut-sheet pages). Nothing at all when stderr is not a terminal (piped, in CI).

Card images render in forked worker processes, so each task counts in shared memory the
workers inherit; a thread of the building process redraws the bar a few times a second."""

from __future__ import annotations

import multiprocessing
import shutil
import sys
import threading
import time
from typing import Callable, TextIO

REDRAW = 0.2  # seconds between redraws
WIDTH = 24  # characters of the bar itself


def _ignore(count: int = 1) -> None:
    pass


def silent(task: str, total: int) -> Callable[[int], None]:
    """A task that shows nothing (a process whose parent shows the bar: side_by_side.py)."""
    return _ignore


class Bar:
    """tasks: task(name, total) -> tick(n); message(text) prints a line above the bar."""

    def __init__(self, stream: TextIO | None = None, enabled: bool | None = None):
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.tasks: list[tuple[str, int, object, float]] = []  # name, total, shared count, start
        self.label = ""
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None
        self.shown = False

    def task(self, name: str, total: int) -> Callable[[int], None]:
        if not self.enabled or total <= 0:
            return _ignore
        count = multiprocessing.get_context("fork").Value("q", 0)  # forked workers add to it
        self.tasks.append((name, total, count, time.monotonic()))
        self._start()

        def tick(n: int = 1) -> None:
            with count.get_lock():
                count.value += n
        return tick

    def message(self, text: str) -> None:
        if not self.enabled:
            return
        with self.lock:
            self.label = text
            self._clear()
            self.stream.write(f"  {text}\n")
            self._draw()

    def close(self) -> None:
        if self.thread is not None:
            self.stop.set()
            self.thread.join()
            self.thread = None
        with self.lock:
            self._clear()
        self.tasks.clear()

    def __enter__(self) -> "Bar":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- drawing ---------------------------------------------------------------------------

    def _start(self) -> None:
        if self.thread is None:
            self.stop.clear()
            self.thread = threading.Thread(target=self._run, daemon=True, name="ppgen-progress")
            self.thread.start()

    def _run(self) -> None:
        while not self.stop.wait(REDRAW):
            with self.lock:
                self._draw()

    def _clear(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False

    def _draw(self) -> None:
        if not self.tasks:
            return
        line = render(self.tasks, time.monotonic())
        columns = shutil.get_terminal_size((80, 24)).columns
        self.stream.write("\r\x1b[K" + line[:max(10, columns - 1)])
        self.stream.flush()
        self.shown = True


def render(tasks, now: float) -> str:
    """'[#####-----] card images 412/1000 · pages 3/13 · 0:09 left'."""
    done = sum(min(count.value, total) for _, total, count, _ in tasks)
    everything = sum(total for _, total, _, _ in tasks)
    filled = round(WIDTH * done / everything) if everything else WIDTH
    counts = " · ".join(f"{name} {min(count.value, total)}/{total}" for name, total, count, _ in tasks)
    return f"[{'#' * filled}{'-' * (WIDTH - filled)}] {counts}{left(tasks, now)}"


def left(tasks, now: float) -> str:
    """Time left: the slowest task at its own pace so far (they run side by side)."""
    remaining = 0.0
    for _, total, count, start in tasks:
        value = min(count.value, total)
        if value == 0:
            if total:
                return ""  # no pace yet
            continue
        remaining = max(remaining, (now - start) * (total - value) / value)
    minutes, seconds = divmod(round(remaining), 60)
    return f" · {minutes}:{seconds:02d} left"
