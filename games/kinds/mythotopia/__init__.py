"""Mythotopia on the platform, a Django app of its own (``apps``): its adapter to the engine
contract (``adapter``) over the pure engine ``games.rules.mythotopia``, and its management
commands. The adapter is loaded on first use, not when Django populates its apps."""

from typing import Any

__all__ = ["Mythotopia", "board"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import adapter

        return getattr(adapter, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
