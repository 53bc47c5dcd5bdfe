"""The move log's one writer.

Every entry of a game's log (players' commands, automatic answers, undos, rollbacks, drops,
imported games) is appended here, under the game row's lock taken by ``locked_game`` and after
the revision check; this module alone writes ``Game.move_count``, ``Game.last_move_at`` and the
state snapshot, and brings seats and the game's status in line with the new state
(``after_move``). Services decide who may do what; then they call these functions inside their
transaction. Reads (``load_state``, ``replay``, ``effective_moves``) never write.

Automatic moves: other apps register a provider (``automatic_moves_register``) that names the
next command a seat's own settings answer by themselves (the web app's automatic leech
answers); each is applied by the engine and appended like any move, in the move's transaction.

Queued moves: other apps register the commands players queued in advance
(``queued_moves_register``; the web app's premoves). Whenever an entry leaves the game waiting
for a seat with a queue (``settle``), its first command is played as that player's own move,
with the same checks, log entry, mails and pushes, then the next while the game still waits for
that seat; all in the transaction that holds the game's lock, so a queued command is played
once or not at all. A command the rules refuse when it is the seat's move cancels its queue.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from django.db.models import F
from django.utils import timezone

from tm_site.exceptions import ApplicationError, Conflict, NotFound

from . import clock, kinds, signals
from .models import Game, Move, Seat, StateSnapshot

logger = logging.getLogger(__name__)

# More automatic moves than this after one move means something is wrong; stop there.
MAX_AUTOMATIC_MOVES = 50

# A provider, given the game (locked) and its seats, returns the function that names the next
# automatic (actor, command) for a state, or None when no seat answers by itself. Providers are
# registered for one game kind.
AutomaticMoves = Callable[[Game, list[Seat]], Callable[[Any], "tuple[str, str] | None"] | None]
_automatic_providers: dict[str, list[AutomaticMoves]] = {}


def automatic_moves_register(kind: str, provider: AutomaticMoves) -> None:
    providers = _automatic_providers.setdefault(kind, [])
    if provider not in providers:
        providers.append(provider)


# A seat's decisions of these categories are its own move: a queued command refused then is
# stale; one refused while the seat only answers something (a power offer) waits for its move.
OWN_MOVE_CATEGORIES = {"turn", "setup"}
# More queued moves than this in a row means something is wrong; stop there.
MAX_QUEUED_MOVES = 50


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
# Annotations of the seats a move reads (per kind), added by apps that register queued moves
# (whether a seat has a queue), so that a move of a game without queues asks the database
# nothing more.
_seat_annotations: dict[str, dict[str, Any]] = {}


# Seat annotations that each waiting decision of ``move_committed`` carries (the bots app's
# ``bot_level``: a receiver knows that the computer must move without asking the database).
_notice_annotations: set[str] = set()


def notice_annotations_register(**seat_annotations: Any) -> None:
    for kind in kinds.registry():
        _seat_annotations.setdefault(kind, {}).update(seat_annotations)
    _notice_annotations.update(seat_annotations)


def queued_moves_register(kind: str, provider: QueuedMoves, **seat_annotations: Any) -> None:
    providers = _queued_providers.setdefault(kind, [])
    if provider not in providers:
        providers.append(provider)
    _seat_annotations.setdefault(kind, {}).update(seat_annotations)


@dataclass(frozen=True)
class MoveResult:
    move: Move
    game: Game
    waiting_for: list[dict]
    finished: bool


def locked_game(game_id: int, *, with_snapshot: bool = False) -> Game:
    """The game row, locked until the transaction ends; ``with_snapshot`` reads its state
    snapshot in the same statement (one round trip less for a move, which needs both)."""
    games = Game.objects.filter(pk=game_id)
    if with_snapshot:
        # Only the game's row is locked: the snapshot is written by the lock's holder alone.
        games = games.select_related("snapshot").select_for_update(of=("self",))
    else:
        games = games.select_for_update()
    try:
        return games.get()  # no ORDER BY (first() would sort by the model's ordering)
    except Game.DoesNotExist:
        raise NotFound(f"No game {game_id}.") from None


def seats_with_addresses(game: Game) -> list[Seat]:
    """The game's seats, each with ``user_email``: its player's confirmed address, or ""."""
    # Seat declares the attribute for type checkers, which then take the annotation for a
    # second definition. Apps above add theirs (queued moves).
    extra = _seat_annotations.get(game.kind, {})
    seats = game.seats.annotate(user_email=F("user__email"), **extra)  # type: ignore[no-redef]
    return list(seats)


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
        snapshot = (
            StateSnapshot.objects.filter(game=game).values_list("move_number", "state").first()
        )
    if snapshot is not None and snapshot[0] == game.move_count:
        return kinds.engine_for(game.kind).load(snapshot[1])
    return replay(game)


def _save_snapshot(game: Game, state: Any) -> None:
    values = {"move_number": game.move_count, "state": kinds.engine_for(game.kind).dump(state)}
    # A plain UPDATE: fetching the old snapshot first would decode its JSON for nothing.
    if not StateSnapshot.objects.filter(game=game).update(**values):
        StateSnapshot.objects.create(game=game, **values)


def effective_moves(moves: Sequence[Move]) -> list[Move]:
    """The commands and drops still in force once undos and rollbacks are taken into account."""
    kept: list[Move] = []
    for move in moves:
        if move.kind in (Move.Kind.COMMAND, Move.Kind.DROP):
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
    kind = kinds.engine_for(game.kind)
    state = kind.new_state(game.setup)
    for move in effective_moves(moves):
        if move.kind == Move.Kind.DROP:
            state = kind.drop_seat(state, _dropped_position(move))
        else:
            state, _ = kind.apply(state, move.actor, move.command)
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
    Game.objects.filter(pk=game.pk).update(
        move_count=game.move_count, last_move_at=game.last_move_at
    )
    move = Move.objects.create(
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


def drop_seat(game: Game, seat: Seat, user) -> MoveResult:
    if seat.dropped:
        raise ApplicationError(f"{seat.faction} has already left the game.")
    state = kinds.engine_for(game.kind).drop_seat(load_state(game), seat.position)
    move = append(
        game,
        state,
        kind=Move.Kind.DROP,
        seat=seat,
        user_id=user.pk if user is not None else None,
        actor=seat.faction,
        command=f"drop-faction {seat.faction}",
    )
    return settle(game, state, move, automatic=False)


def after_move(
    game: Game,
    state: Any,
    move: Move,
    seats: list[Seat] | None = None,
    recheck_drops: bool = False,
    acting: frozenset[int] = frozenset(),
) -> MoveResult:
    """Bring seats (factions, drops) and the game's status in line with the new state.

    ``acting``: positions whose queued move follows at once; their wait is not announced as
    new (nobody is told it is their turn for a move already being played)."""
    if seats is None:
        seats = seats_with_addresses(game)
    changed: dict[int, Seat] = {}
    # A player's command never changes who has left; drops, undos and rollbacks can.
    dropped = (
        {s.pk for s in seats if s.dropped}
        if move.kind == Move.Kind.COMMAND and not recheck_drops
        else _dropped_seats(game)
    )
    kind = kinds.engine_for(game.kind)
    for seat in seats:
        faction = kind.role(state, seat.position)
        is_dropped = seat.pk in dropped
        if (seat.faction, seat.dropped) != (faction, is_dropped):
            seat.faction, seat.dropped = faction, is_dropped
            changed[seat.pk] = seat

    waiting = kind.waiting_for(state)
    timed, game_fields = clock.seats_waiting_update(
        game,
        seats,
        waiting,
        move_number=move.number,
        mover=move.seat,
        round_number=kind.round(state),
        now=game.last_move_at or timezone.now(),
    )
    changed.update((s.pk, s) for s in timed)
    # Usually one or two seats change; plain updates are much cheaper than bulk_update's CASEs.
    fields = ["faction", "dropped", *clock.WAIT_FIELDS]
    for seat in changed.values():
        Seat.objects.filter(pk=seat.pk).update(**{f: getattr(seat, f) for f in fields})
    if game_fields:
        game.save(update_fields=game_fields)
    finished = not waiting and kind.is_finished(state)
    if finished:
        _finish(game, state, seats)
    by_position = {s.position: s for s in seats}
    notice = [
        _waiting_notice(d, by_position.get(d.get("seat")), move, d.get("seat") in acting)
        for d in waiting
    ]
    signals.announce(
        signals.move_committed,
        game_id=game.pk,
        move_number=move.number,
        waiting=notice,
        latest=game.move_count,
        status=game.status,
        # The seats' players with a confirmed address (``user.email`` holds only such), read
        # from the seats already loaded: mail work for a game where nobody can get mail is none.
        addressed=sorted({s.user_id for s in seats if s.user_email}),
    )
    return MoveResult(move=move, game=game, waiting_for=waiting, finished=finished)


def _waiting_notice(decision: dict, seat: Seat | None, move: Move, acting: bool) -> dict:
    """A decision for the move_committed signal: with the user, and whether the wait is new."""
    return {
        **decision,
        **{name: getattr(seat, name, None) for name in _notice_annotations},
        "user_id": seat.user_id if seat else None,
        # The game started waiting for this seat with this move (its own moves excepted, and
        # waits its queued move answers at once).
        "new": seat is not None
        and not acting
        and seat.waiting_since_move == move.number
        and seat.pk != move.seat_id,
    }


def _dropped_seats(game: Game) -> set[int]:
    """The seats (ids) whose drop is in force."""
    if not game.moves.filter(kind=Move.Kind.DROP).exists():
        return set()
    kept = effective_moves(list(game.moves.order_by("number")))
    return {m.seat_id for m in kept if m.kind == Move.Kind.DROP and m.seat_id is not None}


def _finish(game: Game, state: Any, seats: list[Seat]) -> None:
    ranking = kinds.engine_for(game.kind).result(state)
    by_position = {s.position: s for s in seats}
    for row in ranking:
        seat = by_position.get(row["seat"])
        if seat is not None:
            seat.final_vp, seat.rank = row["score"], row["rank"]
    Seat.objects.bulk_update(seats, ["final_vp", "rank"])
    game.status = Game.Status.FINISHED
    game.finished_at = timezone.now()
    game.save(update_fields=["status", "finished_at"])
    result = [
        {
            "seat": r["seat"],
            "rank": r["rank"],
            "faction": r["role"],
            "VP": r["score"],
            "user_id": by_position[r["seat"]].user_id if r["seat"] in by_position else None,
        }
        for r in ranking
    ]
    signals.announce(signals.game_finished, game_id=game.pk, ranking=result)


def append_automatic(game: Game, state: Any, seats: list[Seat]) -> Any:
    """Append the moves that seats' settings make by themselves after a move; the new state.

    An automatic move the engine refuses is logged and ends the series: it never blocks the
    move that caused it, and the player answers by hand.
    """
    providers = _automatic_providers.get(game.kind, [])
    nexts = [n for n in (p(game, seats) for p in providers) if n is not None]
    if not nexts:
        return state
    kind = kinds.engine_for(game.kind)
    by_actor = {kind.actor(state, s.position): s for s in seats}
    for _ in range(MAX_AUTOMATIC_MOVES):
        answer = next((a for a in (n(state) for n in nexts) if a is not None), None)
        if answer is None or answer[0] not in by_actor:
            break
        actor, command = answer
        try:
            state, ledger = kind.apply(state, actor, command)
        except ApplicationError:
            logger.exception("Automatic move %r of %s refused in game %s", command, actor, game.pk)
            break
        append_command(game, state, by_actor[actor], actor, command, ledger)
    return state


def settle(
    game: Game, state: Any, move: Move, seats: list[Seat] | None = None, *, automatic: bool = True
) -> MoveResult:
    """After an entry of the log: the automatic answers that follow it (``automatic``: after a
    player's command), then the queued moves of the seats the game comes to wait for, each
    followed by its automatic answers; then seats and status in line with the state, with one
    announcement per queued move as for any move. The result names ``move``, the entry itself,
    and the game as it now waits."""
    if seats is None:
        seats = seats_with_addresses(game)
    if automatic:
        state = append_automatic(game, state, seats)
    last = _play_queued(game, state, move, seats)
    if last is None:
        return after_move(game, state, move, seats)
    state, last_move = last
    result = after_move(game, state, last_move, seats)
    return MoveResult(
        move=move, game=game, waiting_for=result.waiting_for, finished=result.finished
    )


def queued_moves_play(game: Game) -> MoveResult | None:
    """Play the queued moves of the seats the locked game waits for now (a queue made while
    it already waited for its seat); None when none was played."""
    seats = seats_with_addresses(game)
    state = load_state(game)
    played = _play_queued(game, state, None, seats)
    if played is None:
        return None
    state, move = played
    return after_move(game, state, move, seats)


def _play_queued(
    game: Game, state: Any, move: Move | None, seats: list[Seat]
) -> tuple[Any, Move] | None:
    """Play queued moves while the game waits for a seat with a queue; the state after the
    last one and its move, or None when none was played. Every move but the last is
    announced here (``after_move``); the caller announces the last."""
    queues = [q for q in (p.queues(game, seats) for p in _queued_providers.get(game.kind, [])) if q]
    if not queues:
        return None
    last: tuple[Any, Move] | None = None
    for _ in range(MAX_QUEUED_MOVES):
        found = _next_queued(game, state, seats, queues)
        if found is None:
            return last
        seat, queue, actor, command, after, ledger = found
        if move is not None:
            after_move(game, state, move, seats, acting=frozenset({seat.position}))
        move = append_command(game, after, seat, actor, command, ledger)
        queue.played(seat, move)
        state = append_automatic(game, after, seats)
        last = (state, move)
    logger.error("More than %s queued moves in a row in game %s", MAX_QUEUED_MOVES, game.pk)
    return last


def _next_queued(
    game: Game, state: Any, seats: list[Seat], queues: list[Queues]
) -> tuple[Seat, Queues, str, str, Any, list] | None:
    """The first queued command the rules accept from a seat the game waits for, applied as
    that seat's own; a refused one cancels its queue when it was the seat's move."""
    kind = kinds.engine_for(game.kind)
    waiting = kind.waiting_for(state)
    by_position = {s.position: s for s in seats if not s.dropped}
    for position in dict.fromkeys(d.get("seat") for d in waiting):
        seat = by_position.get(position)
        if seat is None:
            continue
        for queue in queues:
            command = queue.first(seat)
            if command is None:
                continue
            try:
                after, ledger = kind.apply_for_seat(state, seat.position, command)
            except ApplicationError as exc:
                own_move = any(
                    d.get("seat") == position and d.get("category") in OWN_MOVE_CATEGORIES
                    for d in waiting
                )
                if own_move:
                    queue.refused(seat, command, exc.message, game.move_count)
                continue
            return seat, queue, kind.actor(state, seat.position), command, after, ledger
    return None


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
    if moves:
        after_move(game, state, moves[-1], recheck_drops=True)


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
    kind = kinds.engine_for(game.kind)
    state = kind.new_state(game.setup)
    changed: list[Move] = []
    for move in effective_moves(list(game.moves.select_related("seat").order_by("number"))):
        if move.kind == Move.Kind.DROP:
            state = kind.drop_seat(state, _dropped_position(move))
            continue
        try:
            state, rows = kind.apply(state, move.actor, move.command)
        except ApplicationError as exc:
            raise type(exc)(f"Move {move.number} ({move.actor}: {move.command}): {exc}") from exc
        if rows != move.ledger:
            move.ledger = rows
            changed.append(move)
    Move.objects.bulk_update(changed, ["ledger"], batch_size=500)
    _save_snapshot(game, state)
    return len(changed)
