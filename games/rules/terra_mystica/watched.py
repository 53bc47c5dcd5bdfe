"""Dicts that know whether they were written: how a legal trial tells which of its scratch
state's dicts to set back (``GameState.restore``).

A ``WatchedDict`` turns itself into a ``WrittenDict`` at its first write, whichever method
writes; so ``type(d) is WatchedDict`` proves that ``d`` still holds what it held when it was
made. Only that first write runs Python code; a ``WrittenDict`` is dict's own methods. Every
method of ``dict`` that writes is overridden below; reading is dict's own (the compiled
build's ``d.get`` reads a subclass as a dict, which is all it does here).

This module stays pure Python in the compiled build (mypyc compiles no subclass of dict).
"""

from __future__ import annotations

from typing import Any


class WrittenDict(dict):
    """A ``WatchedDict`` after a write (set back by the next restore)."""

    __slots__ = ()


class WatchedDict(dict):
    """A dict that becomes a ``WrittenDict`` before any write."""

    __slots__ = ()

    def __setitem__(self, key: Any, value: Any) -> None:
        self.__class__ = WrittenDict  # type: ignore[assignment]
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: Any) -> None:
        self.__class__ = WrittenDict  # type: ignore[assignment]
        dict.__delitem__(self, key)

    def __ior__(self, other: Any) -> WatchedDict:  # type: ignore[misc]
        self.__class__ = WrittenDict  # type: ignore[assignment]
        dict.update(self, other)
        return self

    def pop(self, *args: Any) -> Any:
        self.__class__ = WrittenDict  # type: ignore[assignment]
        return dict.pop(self, *args)

    def popitem(self) -> Any:
        self.__class__ = WrittenDict  # type: ignore[assignment]
        return dict.popitem(self)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        self.__class__ = WrittenDict  # type: ignore[assignment]
        return dict.setdefault(self, key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        self.__class__ = WrittenDict  # type: ignore[assignment]
        dict.update(self, *args, **kwargs)

    def clear(self) -> None:
        self.__class__ = WrittenDict  # type: ignore[assignment]
        dict.clear(self)


def watched(d: dict) -> dict:
    """A watched copy of ``d``."""
    return WatchedDict(d)


def unwritten(d: dict) -> bool:
    """Is ``d`` a watched dict nobody wrote since it was made?"""
    return type(d) is WatchedDict
