"""`ppgen watch GAME --preview`: the gallery of the last good build served on 127.0.0.1, kept
up to date in the open page by server-sent events.

The standard library's threaded HTTP server runs beside the watch loop. It serves the files
of the build folder (nothing outside it, no link followed out of it, GET only) and index.html
with the page script (page.py) added, so the built gallery itself stays a static file. After
each build the watch loop calls `built` or `failed`; every open page gets an event: the
files whose bytes changed (their images are fetched again), or the problems of a broken save
(shown over the page while the last good images stay). A request naming another host than
ours is refused, so a web page elsewhere cannot reach the preview through DNS rebinding."""

from __future__ import annotations

import json
import mimetypes
import queue
import threading
import webbrowser
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path, PurePosixPath
from typing import Callable
from urllib.parse import unquote, urlsplit

import click

from ..manifests import MANIFEST
from . import page, run

HOST = "127.0.0.1"
KEEPALIVE = 15  # seconds between comments on an idle event stream (a closed page is noticed)
LIVE = "/__ppgen/"  # the preview's own addresses; a build's paths never start with "__"


def serve(folder: Path, build: Callable, summary: Callable, port: int, open_page: bool) -> None:
    """watch.run with the preview: build(collect) hands a failed build's problems, as lines
    `PATH:LINE: error: MESSAGE`, to collect, and the page shows them."""
    try:
        preview = Preview(port).start()
    except OSError as exc:
        raise click.UsageError(f"--port {port}: cannot listen on {HOST}:{port}: {exc.strerror or exc}") from None
    problems: list[str] = []
    click.echo(f"preview: {preview.url}")
    if open_page:
        webbrowser.open(preview.url)

    def after(result) -> None:
        if result is None:
            preview.failed(problems[:])
        else:
            preview.built(result[1][0][0], result[0])  # the first edition's folder (the default)
        problems.clear()

    try:
        run(folder, lambda: build(problems.extend), summary, after=after)
    finally:
        preview.close()


class Preview:
    """The server, the build folder it shows and the pages listening to it."""

    def __init__(self, port: int = 0):
        self.folder: Path | None = None
        self.hashes: dict[str, str] = {}  # path -> sha256 of the build shown
        self.guides: dict = {}
        self.version = 0
        self.last: tuple[str, dict] | None = None  # the event a newly opened page is told first
        self.listeners: list[queue.Queue] = []
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer((HOST, port), _handler(self))
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server.server_address[1]}/"

    def start(self) -> "Preview":
        self.thread.start()
        return self

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def built(self, folder: Path, game) -> None:
        """A good build in folder: tell the pages which files changed."""
        hashes = _manifest_hashes(folder)
        with self.lock:
            changed = sorted(p for p, digest in hashes.items() if self.hashes.get(p) != digest)
            reload = set(hashes) != set(self.hashes)  # the first good build too: the page was a placeholder
            self.folder, self.hashes, self.guides = folder, hashes, page.guides(game)
            self.version += 1
            self._publish("built", {"version": self.version, "changed": changed, "reload": reload})

    def failed(self, problems: list[str]) -> None:
        """A broken save: the pages show its problems and keep their images."""
        with self.lock:
            self._publish("failed", {"problems": problems or ["the build failed: see the terminal"]})

    def _publish(self, kind: str, data: dict) -> None:
        self.last = (kind, data)
        for listener in self.listeners:
            listener.put((kind, data))

    def listen(self) -> queue.Queue:
        with self.lock:
            listener: queue.Queue = queue.Queue()
            if self.last and self.last[0] == "failed":
                listener.put(self.last)
            self.listeners.append(listener)
            return listener

    def forget(self, listener: queue.Queue) -> None:
        with self.lock:
            self.listeners.remove(listener)

    def file(self, path: str) -> Path | None:
        """The build's file at a URL path, or None: nothing outside the folder or through a link."""
        with self.lock:
            folder = self.folder
        relative = PurePosixPath(unquote(path).lstrip("/") or page.INDEX)
        if folder is None or any(part in ("..", ".") for part in relative.parts) or "\0" in str(relative):
            return None
        target = folder.joinpath(*relative.parts)
        inside = target.resolve()
        if not inside.is_relative_to(folder.resolve()) or target.is_symlink() or not inside.is_file():
            return None
        return target


def _manifest_hashes(folder: Path) -> dict[str, str]:
    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    return {entry["path"]: entry["sha256"] for entry in manifest["artifacts"]}


def _handler(preview: Preview) -> type:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format, *args):  # noqa: A002 - the base class's name
            pass  # the terminal is the watch loop's

        def do_GET(self):  # noqa: N802 - http.server's name
            host = self.headers.get("Host", "")
            if host.rsplit(":", 1)[0] not in (HOST, "localhost"):
                return self.send_error(HTTPStatus.FORBIDDEN, "the preview answers only on 127.0.0.1")
            path = urlsplit(self.path).path
            if path == LIVE + "events":
                return self._events()
            if path == LIVE + "live.js":
                return self._send(page.SCRIPT.encode(), "text/javascript; charset=utf-8")
            if path == LIVE + "guides.json":
                return self._send(json.dumps(preview.guides).encode(), "application/json")
            target = preview.file(path)
            if target is None and preview.folder is None and path in ("/", "/" + page.INDEX):
                return self._send(page.with_script(page.WAITING), "text/html; charset=utf-8")
            if target is None:
                return self.send_error(HTTPStatus.NOT_FOUND)
            body = target.read_bytes()
            if target.name == page.INDEX and target.parent == preview.folder:
                return self._send(page.with_script(body), "text/html; charset=utf-8")
            self._send(body, mimetypes.guess_type(target.name)[0] or "application/octet-stream")

        def _send(self, body: bytes, kind: str) -> None:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def _events(self) -> None:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            listener = preview.listen()
            try:
                while True:
                    try:
                        kind, data = listener.get(timeout=KEEPALIVE)
                        message = f"event: {kind}\ndata: {json.dumps(data)}\n\n"
                    except queue.Empty:
                        message = ": still here\n\n"
                    self.wfile.write(message.encode())
                    self.wfile.flush()
            except OSError:
                pass  # the page was closed
            finally:
                preview.forget(listener)

    return Handler
