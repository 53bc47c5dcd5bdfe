"""The game kinds this site hosts, each an engine behind the contract (``contract.GameEngine``).

``settings.GAME_KINDS`` maps a kind's id to the dotted path of its engine class; the registry
is loaded when the games app starts and fails at once on a kind it cannot load or that does
not keep the contract.
"""

from __future__ import annotations

import functools
from importlib import import_module
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from games.rules import bots
from tm_site.exceptions import ApplicationError

from .contract import GameEngine, KindInfo, RuleViolation
from .errors import IllegalMove

DEFAULT_KIND = "terra_mystica"

# Calls through which an engine refuses a command or a setup: their RuleViolation becomes the
# platform's IllegalMove, a 400 whose message names the rule.
_RULED = (
    "setup",
    "new_state",
    "apply",
    "apply_for_seat",
    "drop_seat",
    "legal_commands",
    "preview",
    "seated_setup",
)


class _Ruled:
    """A kind's engine as the platform calls it: rule violations are client errors."""

    def __init__(self, engine: GameEngine) -> None:
        self._engine = engine
        self.info = engine.info

    def __getattr__(self, name: str):
        attribute = getattr(self._engine, name)
        if name not in _RULED:
            return attribute

        def ruled(*args, **kwargs):
            try:
                return attribute(*args, **kwargs)
            except RuleViolation as exc:
                raise IllegalMove(str(exc) or "Illegal command.") from exc

        return ruled


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
def registry() -> dict[str, Any]:
    engines = {}
    for kind, path in settings.GAME_KINDS.items():
        engine = _load(path)
        if engine.info.kind != kind:
            raise ImproperlyConfigured(
                f"GAME_KINDS: {path!r} is the kind {engine.info.kind!r}, listed as {kind!r}."
            )
        engines[kind] = _Ruled(engine)
    return engines


def engine_for(kind: str) -> Any:
    """The engine of ``kind`` (keeping ``GameEngine``), its rule violations as ``IllegalMove``."""
    try:
        return registry()[kind]
    except KeyError:
        known = ", ".join(sorted(registry()))
        raise ApplicationError(f"Unknown game kind {kind!r}; this site hosts {known}.") from None


def kinds() -> list[KindInfo]:
    return [e.info for e in registry().values()]


def bot_levels(kind: str) -> tuple[str, ...]:
    """The levels the computer plays ``kind`` at (``games.rules.bots``), weakest first."""
    engine_for(kind)
    return tuple(bots.levels_for(kind))


def command_seen(kind: str, actor: str, command: str, seat: int | None) -> str:
    """A command of the log as ``seat`` may see it (a spectator: ``None``)."""
    view = getattr(engine_for(kind), "command_view", None)
    return view(actor, command, seat) if view else command


def ledger_seen(kind: str, rows: list[dict], seat: int | None) -> list[dict]:
    """A move's ledger rows as ``seat`` may see them."""
    view = getattr(engine_for(kind), "ledger_view", None)
    return view(rows, seat) if view else rows


def undo_refusal(kind: str, rows: list[dict]) -> str | None:
    """Why a move with these ledger rows may not be taken back (see the contract), or None."""
    refusal = getattr(engine_for(kind), "undo_refusal", None)
    return refusal(rows) if refusal else None


def preview(kind: str, state: Any, seat: int, command: str) -> dict[str, Any]:
    """``command`` tried for ``seat`` without being played (see the contract's ``preview``):
    the kind's own preview, or the seat's view of the result and its legal commands while the
    seat still acts."""
    engine = engine_for(kind)
    if hasattr(engine, "preview"):
        return engine.preview(state, seat, command)
    after, rows = engine.apply_for_seat(state, seat, command)
    acting = any(d["seat"] == seat for d in engine.waiting_for(after))
    return {
        "after": after,
        "state": engine.view(after, seat),
        "ledger": ledger_seen(kind, rows, seat),
        "legal": engine.legal_commands(after, seat) if acting else [],
    }
