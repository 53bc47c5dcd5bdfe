"""A web worker exempts the site it loaded from the garbage collector's passes
(tm_site/serving.py), and still collects the garbage its requests leave."""

from __future__ import annotations

import gc
import weakref

import pytest

from tm_site import serving


@pytest.fixture
def unfrozen():
    yield
    gc.unfreeze()


class _Node:
    def __init__(self) -> None:
        self.other: _Node | None = None


def _unreachable_cycle() -> weakref.ref[_Node]:
    """Two objects holding each other and nothing else: only the collector frees them."""
    first, second = _Node(), _Node()
    first.other, second.other = second, first
    return weakref.ref(first)


def test_the_loaded_worker_freezes_what_it_holds(monkeypatch, unfrozen):
    loaded: list[bool] = []
    monkeypatch.setattr(serving.UvicornWorker, "load_wsgi", lambda self: loaded.append(True))
    worker = object.__new__(serving.Worker)  # gunicorn's constructor needs a whole arbiter
    gc.unfreeze()
    before = gc.get_freeze_count()

    worker.load_wsgi()

    assert loaded == [True]
    assert gc.get_freeze_count() > before
    # The oldest generation is left with what came after the freeze only.
    assert len(gc.get_objects(generation=2)) < gc.get_freeze_count()


def test_cycles_left_by_loading_are_collected_not_frozen(unfrozen):
    ref = _unreachable_cycle()

    serving.freeze_loaded()

    assert ref() is None


def test_cycles_made_after_the_freeze_are_still_collected(unfrozen):
    serving.freeze_loaded()
    ref = _unreachable_cycle()

    gc.collect()

    assert ref() is None
