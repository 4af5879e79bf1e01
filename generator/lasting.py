"""Caches whose values hold as long as the process runs.

`ppgen watch` builds again in the same process after every save, and clears the caches of
ppgen's modules first (watch._forget), so that a build sees the game's files as they are now:
a font, a picture or an SVG the designer edited. Some caches hold nothing the designer can
change: ppgen's own code and bundled files (the process runs what it imported, whatever is on
disk later) and pure functions of their arguments. Marked `@lasting`, they are kept: refilling
them cost a 1,000-card deck's rebuild in watch about 8 ms (its bundled fonts registered
again, their zeros patched, ppgen's code hashed)."""

from __future__ import annotations

from typing import TypeVar

Cache = TypeVar("Cache")


def lasting(cache: Cache) -> Cache:
    """Mark a cache (functools.cache or lru_cache) that `ppgen watch` keeps between builds."""
    cache.lasting = True
    return cache


def is_lasting(cache) -> bool:
    return getattr(cache, "lasting", False) is True
