"""Registration point: the profile's e-mail switches (``notify_your_turn``, ``notify_chat``,
``notify_game_end``), kept for API clients, are stored by the notifications app as its
preferences. It registers how to read and write them, so accounts never imports it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

NOTIFY_SWITCHES = ("notify_your_turn", "notify_chat", "notify_game_end")

_read: Callable[[Any], dict[str, bool]] | None = None
_write: Callable[[Any, dict[str, bool]], None] | None = None


def notify_switches_register(
    read: Callable[[Any], dict[str, bool]], write: Callable[[Any, dict[str, bool]], None]
) -> None:
    global _read, _write
    _read, _write = read, write


def notify_switches(user: Any) -> dict[str, bool]:
    return _read(user) if _read is not None else {}


def notify_switches_update(user: Any, switches: dict[str, bool]) -> None:
    if switches and _write is not None:
        _write(user, switches)
