"""The move log's one writer: the log, the state snapshot and the registries of moves made
for players (their automatic answers, their queued moves).

Every entry of a game's log (players' commands, automatic answers, undos, rollbacks, drops,
imported games) is appended here, under the game row's lock taken by ``locked_game`` and after
the revision check (``check_revision``); this module alone writes ``Game.move_count``,
``Game.last_move_at`` and the state snapshot. ``games.life`` decides what is appended and
when (a game's start, moves, undo, rollback, drops, its end or abort) and brings seats and the
game's status in line with the new state. Reads (``load_state``, ``replay``,
``effective_moves``) never write.

Automatic moves: other apps register a provider (``automatic_moves_register``) that names the
next command a seat's own settings answer by themselves (the web app's automatic leech
answers). Queued moves: other apps register the commands players queued in advance
(``queued_moves_register``; the web app's premoves). ``games.life`` plays both, each appended
like any move, in the move's transaction.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from django.db.models import Exists, F
from django.utils import timezone

from tm_site import statements
from tm_site.exceptions import ApplicationError, Conflict, NotFound

from . import kinds
from .models import Game, Move, Seat, StateSnapshot

logger = logging.getLogger(__name__)

# A provider, given the game (locked) and its seats, returns the function that names the next
# automatic (actor, command) for a state, or None when no seat answers by itself. Providers are
# registered for one game kind.
AutomaticMoves = Callable[[Game, list[Seat]], Callable[[Any], "tuple[str, str] | None"] | None]
_automatic_providers: dict[str, list[AutomaticMoves]] = {}
# Annotations of the seats a move reads (per kind), added by apps that register automatic or
# queued moves (a seat's automatic answers, whether it has a queue), so that a move asks the
# database nothing more for them.
_seat_annotations: dict[str, dict[str, Any]] = {}


def automatic_moves_register(kind: str, provider: AutomaticMoves, **seat_annotations: Any) -> None:
    """``seat_annotations``: what the provider reads of each seat, read with a move's seats
    (one round trip less than reading it when an answer is due)."""
    providers = _automatic_providers.setdefault(kind, [])
    if provider not in providers:
        providers.append(provider)
    _seat_annotations.setdefault(kind, {}).update(seat_annotations)
    _seats_statements.clear()


# A seat's decisions of these categories are its own move: a queued command refused then is
# stale; one refused while the seat only answers something (a power offer) waits for its move.
OWN_MOVE_CATEGORIES = {"turn", "setup"}


class Queues(Protocol):
    """The queued commands of one game's seats, read under the game's lock."""

    def first(self, seat: Seat) -> str | None:
        """The seat's next queued command, or None."""

    def played(self, seat: Seat, move: Move) -> None:
        """The seat's first command was played as ``move``: take it off the queue."""

    def refused(self, seat: Seat, command: str, reason: str, move_number: int) -> None:
        """The rules refused the seat's first command, its move after move ``move_number``:
        cancel the queue and tell the player."""


class QueuedMoves(Protocol):
    def queues(self, game: Game, seats: list[Seat]) -> Queues | None:
        """The game's queues, or None when no seat has one."""

    def taken_back(self, game: Game, *, from_move: int, seat: Seat | None) -> None:
        """Moves from ``from_move`` on no longer count (an undo by ``seat``, a rollback by an
        admin): drop the queues that were made after them."""


_queued_providers: dict[str, list[QueuedMoves]] = {}


# Seat annotations that each waiting decision of ``move_committed`` carries (the bots app's
# ``bot_level``: a receiver knows that the computer must move without asking the database).
_notice_annotations: set[str] = set()


def notice_annotations_register(**seat_annotations: Any) -> None:
    for kind in kinds.registry():
        _seat_annotations.setdefault(kind, {}).update(seat_annotations)
    _notice_annotations.update(seat_annotations)
    _seats_statements.clear()


def notice_annotations() -> set[str]:
    """The seat annotations each waiting decision of ``move_committed`` carries."""
    return _notice_annotations


def queued_moves_register(kind: str, provider: QueuedMoves, **seat_annotations: Any) -> None:
    providers = _queued_providers.setdefault(kind, [])
    if provider not in providers:
        providers.append(provider)
    _seat_annotations.setdefault(kind, {}).update(seat_annotations)
    _seats_statements.clear()


def automatic_providers(kind: str) -> list[AutomaticMoves]:
    return _automatic_providers.get(kind, [])


def queued_providers(kind: str) -> list[QueuedMoves]:
    return _queued_providers.get(kind, [])


# The game row locked (with its snapshot, which the lock's holder alone writes), and the
# seats a move reads: built once, run with each move's game (tm_site/statements.py).
_LOCKED = statements.Statement(
    lambda game_id: Game.objects.filter(pk=game_id).order_by().select_for_update(), int
)
_LOCKED_WITH_SNAPSHOT = statements.Statement(
    lambda game_id: (
        Game.objects.filter(pk=game_id)
        .order_by()
        .select_related("snapshot")
        .select_for_update(of=("self",))
    ),
    int,
)
_seats_statements: dict[str, statements.Statement[Seat]] = {}
# A game's snapshot (move number, state), for reads.
_SNAPSHOT = statements.Statement(
    lambda game_id: StateSnapshot.objects.filter(game_id=game_id).values_list(
        "move_number", "state"
    ),
    int,
)


def locked_game(game_id: int, *, with_snapshot: bool = False) -> Game:
    """The game row, locked until the transaction ends; ``with_snapshot`` reads its state
    snapshot in the same statement (one round trip less for a move, which needs both)."""
    game = (_LOCKED_WITH_SNAPSHOT if with_snapshot else _LOCKED).first(game_id)
    if game is None:
        raise NotFound(f"No game {game_id}.")
    return game


# Each game's kind, which never changes, as the moves of this process have read it: the next
# move of the game reads its seats in the same round trip as the locked game.
_kinds: dict[int, str] = {}
_KINDS_KEPT = 10_000


class Caller:
    """Who sends a move, read in the move's first round trip, ahead of its locked game (an API
    token with its user): the rows ``statement`` finds for ``value`` go to ``check``, which
    returns the user acting or raises to refuse, before anything of the game is looked at. The
    game is locked only where ``statement`` finds a row. ``user``: what ``check`` returned."""

    def __init__(
        self, statement: statements.Statement[Any], value: str, check: Callable[[list[Any]], Any]
    ) -> None:
        self.statement, self.value, self.check = statement, value, check
        self.user: Any = None


# The locked game with its snapshot, where a caller's statement finds a row: per statement.
_locked_for_caller: dict[statements.Statement[Any], statements.Statement[Game]] = {}


def _locked_where(caller: statements.Statement[Any]) -> statements.Statement[Game]:
    statement = _locked_for_caller.get(caller)
    if statement is None:
        statement = statements.Statement(
            lambda game_id, value: (
                Game.objects.filter(pk=game_id)
                .filter(Exists(caller.build(value)))
                .order_by()
                .select_related("snapshot")
                .select_for_update(of=("self",))
            ),
            int,
            str,
        )
        _locked_for_caller[caller] = statement
    return statement


def locked_game_with_seats(game_id: int, caller: Caller | None = None) -> tuple[Game, list[Seat]]:
    """``locked_game(game_id, with_snapshot=True)`` and ``seats_with_addresses`` of it; in one
    round trip once this process knows the game's kind (its seats' statement depends on it).
    The seats are read after the lock is held, as the statements run in order. ``caller``:
    read first in the same round trip and checked before the game (``Caller``)."""
    kind = _kinds.get(game_id)
    runs: list[tuple[statements.Statement[Any], tuple[Any, ...]]] = [
        (_LOCKED_WITH_SNAPSHOT, (game_id,))
    ]
    if caller is not None:
        runs = [
            (caller.statement, (caller.value,)),
            (_locked_where(caller.statement), (game_id, caller.value)),
        ]
    if kind is not None:
        runs.append((_seats_statement(kind), (game_id,)))
    found = statements.all_together(*runs)
    if caller is not None:
        caller.user = caller.check(found.pop(0))
    games = found[0]
    if not games:
        raise NotFound(f"No game {game_id}.")
    if kind is None:
        game = games[0]
        if len(_kinds) >= _KINDS_KEPT:
            _kinds.clear()
        _kinds[game_id] = game.kind
        return game, seats_with_addresses(game)
    seats = found[1]
    game = games[0]
    if game.kind != kind:  # another database under the same ids (tests): read them again
        _kinds[game_id] = game.kind
        return game, seats_with_addresses(game)
    return game, _seats_of(game, seats)


def _seats_statement(kind: str) -> statements.Statement[Seat]:
    statement = _seats_statements.get(kind)
    if statement is None:
        # Apps above add theirs (queued moves).
        extra = _seat_annotations.get(kind, {})
        statement = statements.Statement(
            lambda game_id: Seat.objects.filter(game_id=game_id).annotate(  # type: ignore[no-redef]
                user_email=F("user__email"), **extra
            ),
            int,
        )
        _seats_statements[kind] = statement
    return statement


def _seats_of(game: Game, seats: list[Seat]) -> list[Seat]:
    cache = Seat.game.field.set_cached_value
    for seat in seats:
        cache(seat, game)  # as game.seats would: seat.game is this game, not read again
    return seats


def seats_with_addresses(game: Game) -> list[Seat]:
    """The game's seats, each with ``user_email``: its player's confirmed address, or ""."""
    return _seats_of(game, _seats_statement(game.kind).all(game.pk))


def check_revision(game: Game, expected_move_number: int | None) -> None:
    if expected_move_number is not None and expected_move_number != game.move_count:
        raise Conflict(
            f"Stale expected_move_number {expected_move_number}: the latest move is {game.move_count}.",
            {"move_number": game.move_count},
        )


def load_state(game: Game) -> Any:
    """The engine state after the latest move: the snapshot, or a replay of the log if the
    snapshot is behind (a read never writes; the next append stores a fresh snapshot)."""
    if Game.snapshot.is_cached(game):  # read with the game (locked_game(..., with_snapshot=True))
        cached = getattr(game, "snapshot", None)
        snapshot = None if cached is None else (cached.move_number, cached.state)
    else:
        rows = _SNAPSHOT.rows(game.pk)
        snapshot = rows[0] if rows else None
    if snapshot is not None and snapshot[0] == game.move_count:
        return kinds.engine_for(game.kind).load(snapshot[1])
    return replay(game)


def _save_snapshot(game: Game, state: Any) -> None:
    values = {"move_number": game.move_count, "state": kinds.engine_for(game.kind).dump(state)}
    # A plain UPDATE: fetching the old snapshot first would decode its JSON for nothing. When
    # the snapshot was read with the locked game, the row is known to be there: the UPDATE
    # needs no answer and goes out with the move's other writes.
    if Game.snapshot.is_cached(game) and getattr(game, "snapshot", None) is not None:
        statements.update_later(StateSnapshot, game.pk, by="game", **values)
    elif not statements.update(StateSnapshot, game.pk, by="game", **values):
        StateSnapshot.objects.create(game=game, **values)


def effective_moves(moves: Sequence[Move]) -> list[Move]:
    """The commands, drops and rejoins still in force once undos and rollbacks are taken into
    account."""
    kept: list[Move] = []
    for move in moves:
        if move.kind in (Move.Kind.COMMAND, Move.Kind.DROP, Move.Kind.REJOIN):
            kept.append(move)
        elif move.kind == Move.Kind.UNDO:
            kept = [m for m in kept if m.number != move.target]
        elif move.kind == Move.Kind.ROLLBACK:
            kept = [m for m in kept if m.number <= (move.target or 0)]
    return kept


def replay(game: Game, moves: Sequence[Move] | None = None) -> Any:
    """Rebuild the state from the setup and the log."""
    if moves is None:
        moves = list(game.moves.order_by("number"))
    return replay_kept(game, effective_moves(moves))


def replay_kept(game: Game, kept: Sequence[Move]) -> Any:
    """The state after the setup and ``kept``, moves in force (commands, drops, rejoins)."""
    engine = kinds.engine_for(game.kind)
    state = engine.new_state(game.setup)
    for move in kept:
        if move.kind == Move.Kind.DROP:
            state = engine.drop_seat(state, _dropped_position(move))
        elif move.kind == Move.Kind.REJOIN:
            state = kinds.restore_seat(game.kind, state, _dropped_position(move))
        else:
            state, _ = engine.apply(state, move.actor, move.command)
    return state


def _dropped_position(move: Move) -> int:
    if move.seat is None:
        raise ApplicationError(f"Move {move.number} drops no seat.")
    return move.seat.position


def append(
    game: Game,
    state: Any,
    *,
    kind: str,
    seat: Seat | None,
    user_id: int | None,
    actor: str,
    command: str,
    ledger: list | None = None,
    target: int | None = None,
) -> Move:
    game.move_count += 1
    game.last_move_at = timezone.now()
    # Plain statements built once (tm_site/statements.py): Django's building of an UPDATE or
    # an INSERT cost more CPU than PostgreSQL's running it. Neither needs an answer (nothing
    # reads the new move's id): inside a move's block both wait and go out with its COMMIT.
    statements.update_later(
        Game, game.pk, move_count=game.move_count, last_move_at=game.last_move_at
    )
    move = statements.insert_later(
        Move,
        game=game,
        number=game.move_count,
        kind=kind,
        seat=seat,
        user_id=user_id,
        actor=actor,
        command=command,
        ledger=ledger or [],
        target=target,
    )
    _save_snapshot(game, state)
    return move


def append_command(
    game: Game, state: Any, seat: Seat, actor: str, command: str, ledger: list
) -> Move:
    """A command of the seat's player: their own, or one their settings or queue made."""
    return append(
        game,
        state,
        kind=Move.Kind.COMMAND,
        seat=seat,
        user_id=seat.user_id,
        actor=actor,
        command=command,
        ledger=ledger,
    )


def queued_moves_taken_back(game: Game, *, from_move: int, seat: Seat | None) -> None:
    """Moves from ``from_move`` on no longer count: queues made after them are dropped."""
    for provider in _queued_providers.get(game.kind, []):
        provider.taken_back(game, from_move=from_move, seat=seat)


def append_imported(game: Game, state: Any, moves: list[Move]) -> None:
    """Append a whole imported log at once (numbers from 1), with its final state."""
    Move.objects.bulk_create(moves, batch_size=500)
    game.move_count = len(moves)
    game.last_move_at = timezone.now()
    game.save(update_fields=["move_count", "last_move_at"])
    _save_snapshot(game, state)


def snapshot_start(game: Game, state: Any) -> None:
    """The state of a game that has just started (no move yet)."""
    _save_snapshot(game, state)


def check_running(game: Game) -> None:
    if game.status != Game.Status.RUNNING:
        raise ApplicationError(f"The game is {game.get_status_display()}, not running.")


def ledger_rebuild(game_id: int) -> int:
    """Recompute the ledger rows of every move in force from the setup, with the rules as they
    are now (after a rules fix), and the snapshot; returns how many moves' rows changed.

    Moves taken back keep the rows they were recorded with. A log the engine no longer
    accepts raises ``IllegalMove`` naming the move, and nothing is written.
    """
    game = locked_game(game_id)
    if game.setup is None:
        return 0
    engine = kinds.engine_for(game.kind)
    state = engine.new_state(game.setup)
    changed: list[Move] = []
    for move in effective_moves(list(game.moves.select_related("seat").order_by("number"))):
        if move.kind == Move.Kind.DROP:
            state = engine.drop_seat(state, _dropped_position(move))
            continue
        if move.kind == Move.Kind.REJOIN:
            state = kinds.restore_seat(game.kind, state, _dropped_position(move))
            continue
        try:
            state, rows = engine.apply(state, move.actor, move.command)
        except ApplicationError as exc:
            raise type(exc)(f"Move {move.number} ({move.actor}: {move.command}): {exc}") from exc
        if rows != move.ledger:
            move.ledger = rows
            changed.append(move)
    Move.objects.bulk_update(changed, ["ledger"], batch_size=500)
    _save_snapshot(game, state)
    return len(changed)
