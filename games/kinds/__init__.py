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
from django.utils.translation import gettext as _

from games.rules import bots

from .contract import GameEngine, KindInfo, RuleViolation

# The platform's errors (``.errors``, ``tm_site.exceptions``) are imported where they are
# raised: each kind's package is a Django app, imported with this package while Django
# populates its apps, before the models the REST framework's errors import can be.

DEFAULT_KIND = "terra_mystica"

# Calls through which an engine refuses a command or a setup: their RuleViolation becomes the
# platform's IllegalMove, a 400 whose message names the rule.
_RULED = (
    "setup",
    "new_state",
    "apply",
    "apply_for_seat",
    "drop_seat",
    "restore_seat",
    "legal_commands",
    "preview",
    "seated_setup",
    "canonical_command",
    "setup_request",
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
            from .errors import IllegalMove

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
        from tm_site.exceptions import ApplicationError

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


def canonical_command(kind: str, command: str) -> str:
    """A row of ``kind``'s commands as its log stores it (the kind's optional
    ``canonical_command``: comments removed, spelling made uniform; without it, the row as
    sent without its comment); ``IllegalMove`` for a row the kind cannot read or an empty one."""
    canonical = getattr(engine_for(kind), "canonical_command", None)
    # Text after '#' is a comment in every kind's commands (docs/api.md).
    command = canonical(command) if canonical else command.partition("#")[0].strip()
    if not command:
        from .errors import IllegalMove

        raise IllegalMove(_("The command is empty."))
    return command


def offers(kind: str, capability: str) -> bool:
    """Whether ``kind``'s engine has the optional ``capability`` (see the contract)."""
    return hasattr(engine_for(kind), capability)


def offering(capability: str) -> list[str]:
    """The kinds that have the optional ``capability``."""
    return [kind for kind in registry() if offers(kind, capability)]


def maps(kind: str) -> list[dict]:
    """The maps a game of ``kind`` can be played on (``id``, ``name``, ``vp_variant``); none
    for a kind without a choice of maps."""
    maps = getattr(engine_for(kind), "maps", None)
    return maps() if maps else []


def setup_request(
    kind: str, requested: dict, *, player_count: int, options: list[str], seed: str, map_id: str
) -> dict | None:
    """A setup requested at a game's creation, as the game stores it until its start, or None
    for a setup drawn at the start; ``IllegalMove`` naming the rule for choices, options or a
    map the kind refuses. The seat order (usernames) is the one choice every kind accepts; a
    kind with more (fixed tiles) checks them in its ``setup_request``; the others are checked
    by setting up a game with placeholder players."""
    engine = engine_for(kind)
    if hasattr(engine, "setup_request"):
        return engine.setup_request(
            requested, player_count=player_count, options=options, seed=seed, map_id=map_id
        )
    unknown = set(requested) - {"seat_order"}
    if unknown:
        from tm_site.exceptions import ApplicationError

        raise ApplicationError(f"setup: only seat_order can be chosen, not {sorted(unknown)[0]!r}.")
    engine.setup(
        players=[f"player{i}" for i in range(1, player_count + 1)],
        options=list(options),
        seed="validation",
        requested=None,
    )
    order = [str(u) for u in requested.get("seat_order") or []]
    return {"seat_order": order} if order else None


def drop_command(kind: str, role: str) -> str:
    """The log's words for dropping the seat that plays ``role``."""
    words = getattr(engine_for(kind), "drop_command", None)
    return words(role) if words else f"drop-faction {role}"


def restore_seat(kind: str, state: Any, seat: int) -> Any:
    """A dropped seat back in play (see the contract); IllegalMove where the kind cannot."""
    engine = engine_for(kind)
    if not hasattr(engine, "restore_seat"):
        from .errors import IllegalMove

        raise IllegalMove("In this game a seat that has left cannot come back.")
    return engine.restore_seat(state, seat)


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
