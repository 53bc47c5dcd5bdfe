"""A web worker and a Celery pool process exempt the site they loaded from the garbage
collector's passes (tm_site/gcfreeze.py), and still collect the garbage their work leaves."""

from __future__ import annotations

import gc
import weakref

import pytest
from celery.signals import worker_process_init

from tm_site import gcfreeze, serving


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

    gcfreeze.freeze_loaded()

    assert ref() is None


def test_cycles_made_after_the_freeze_are_still_collected(unfrozen):
    gcfreeze.freeze_loaded()
    ref = _unreachable_cycle()

    gc.collect()

    assert ref() is None


def test_a_celery_pool_process_freezes_what_it_holds_before_its_first_task(unfrozen):
    import tm_site.celery  # noqa: F401  (its receivers)

    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    ref = _unreachable_cycle()

    # What the prefork pool sends in each process once the tasks are loaded.
    worker_process_init.send(sender="celery@host")

    assert ref() is None  # collected, not frozen
    assert gc.get_freeze_count() > 0
    assert len(gc.get_objects(generation=2)) < gc.get_freeze_count()
