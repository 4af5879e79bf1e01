"""What validate keeps between runs in the face cache, handed to it as one value.

validate sits below the face cache and cannot open it. A build, `ppgen validate` and `ppgen
pack` whose cache is on hand validate a Kept; through it validate notes each face's digest
(the build finds the face's image in the cache by it), keeps its work on each face
(validate/facememo.py) and the layout searches' decisions (layoutmemo.py). Without one
(--no-cache), validate composes every face and searches every layout, and keeps nothing."""

from __future__ import annotations

from .cache import Store, drawing_digest, face_setting, file_digest, files_read
from .layoutmemo import LayoutMemo


class Kept:
    """The face cache as validate uses it: kept(drawing) is the face's digest; store, setting,
    file and files what facememo.py keys and checks faces with; recall and keep a layout
    search's decision (layoutmemo.LayoutMemo)."""

    def __init__(self, store: Store):
        self.store = store
        self._layouts = LayoutMemo(store)

    def __call__(self, drawing) -> str:
        return drawing_digest(drawing)

    @staticmethod
    def setting(game) -> str:
        return face_setting(game)

    @staticmethod
    def file(path: str) -> str:
        return file_digest(path)

    @staticmethod
    def files(drawing) -> list[str]:
        return files_read(drawing)

    def recall(self, game, what: str):
        return self._layouts.recall(game, what)

    def keep(self, game, what: str, value) -> None:
        self._layouts.keep(game, what, value)


def kept(store: Store | None) -> Kept | None:
    """What validate keeps in store; None when the cache is off."""
    return Kept(store) if store is not None and store.enabled else None
