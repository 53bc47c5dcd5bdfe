"""The game kinds this site hosts, each an engine behind the contract (``contract.GameEngine``).

``settings.GAME_KINDS`` maps a kind's id to the dotted path of its engine class; the registry
is loaded when the games app starts and fails at once on a kind it cannot load or that does
not keep the contract.
"""

from __future__ import annotations

import functools
from importlib import import_module

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from tm_site.exceptions import ApplicationError

from .contract import GameEngine, KindInfo

DEFAULT_KIND = "terra_mystica"


def _load(path: str) -> GameEngine:
    module, _, name = path.rpartition(".")
    try:
        engine = getattr(import_module(module), name)()
    except (ImportError, AttributeError, TypeError) as exc:
        raise ImproperlyConfigured(f"GAME_KINDS: cannot load {path!r}: {exc}") from exc
    if not isinstance(engine, GameEngine):
        raise ImproperlyConfigured(f"GAME_KINDS: {path!r} does not keep the engine contract.")
    return engine


@functools.cache
def registry() -> dict[str, GameEngine]:
    engines = {}
    for kind, path in settings.GAME_KINDS.items():
        engine = _load(path)
        if engine.info.kind != kind:
            raise ImproperlyConfigured(
                f"GAME_KINDS: {path!r} is the kind {engine.info.kind!r}, listed as {kind!r}."
            )
        engines[kind] = engine
    return engines


def engine_for(kind: str) -> GameEngine:
    try:
        return registry()[kind]
    except KeyError:
        known = ", ".join(sorted(registry()))
        raise ApplicationError(f"Unknown game kind {kind!r}; this site hosts {known}.") from None


def kinds() -> list[KindInfo]:
    return [e.info for e in registry().values()]
