"""heap.py: what lives through a build is out of the cycle collector's sight during it, and
back under it afterwards, so a process that builds again and again leaks no cycle."""

from __future__ import annotations

import gc
import weakref

from generator import heap


class Node:
    def __init__(self):
        self.me = self  # a cycle: only the collector frees it


def test_a_build_freezes_what_is_alive_and_gives_it_back():
    assert gc.get_freeze_count() == 0
    with heap.kept_out_of_collections():
        assert gc.get_freeze_count() > 0
        with heap.kept_out_of_collections():  # nested: the outer block gives everything back
            pass
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0


def test_cycles_made_during_the_build_are_still_collected():
    with heap.kept_out_of_collections():
        made = weakref.ref(Node())
        gc.collect()
        assert made() is None


def test_a_cycle_let_go_during_the_build_is_collected_after_it():
    old = Node()
    gone = weakref.ref(old)
    with heap.kept_out_of_collections():
        del old
        gc.collect()
        assert gone() is not None  # frozen: not looked at during the build
    gc.collect()
    assert gone() is None  # `ppgen watch`'s next build does not carry it
