"""A game's life, from its start to its end: the one owner of ``Game.status``.

Each step of a game's life is one function here: ``start``, ``move``, ``undo``, ``rollback``,
``drop``, ``resign`` (a drop, or the abort when the game cannot go on without the seat),
``rejoin`` (a dropped seat handed to the computer plays on),
``abort`` and, inside them, the end of the game (``_finish``) and its reopening by a rollback
(``_reopen``). A public step takes the game row's lock, asks the caller's ``may`` who acts (the
services' rules of who may do what: it raises ``Forbidden`` or ``NotFound``), checks that the
game runs and the revision the client saw, applies the command through the game's engine,
appends it to the log (``games.log``), plays the automatic answers and queued moves that
follow, brings the seats and the status in line with the new state and announces what
happened (``games.signals``), all in one transaction.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tm_site import statements
from tm_site.exceptions import ApplicationError, Forbidden

from . import clock, kinds, log, signals
from .kinds.errors import IllegalMove
from .models import Game, Move, Seat

logger = logging.getLogger(__name__)

# More automatic moves than this after one move means something is wrong; stop there.
MAX_AUTOMATIC_MOVES = 50
# More queued moves than this in a row means something is wrong; stop there.
MAX_QUEUED_MOVES = 50

# Who acts: given the locked game and its seats, the acting seat (or None for someone without
# one, such as staff), or an exception saying who may not.
SeatOf = Callable[[Game, list[Seat]], Seat]
May = Callable[[Game], None]


@dataclass(frozen=True)
class MoveResult:
    move: Move
    game: Game
    waiting_for: list[dict]
    finished: bool


# --- start -----------------------------------------------------------------------------------


def start(game: Game) -> None:
    """Start an open game whose seats are all taken (its lock held by the caller, who has just
    filled the last seat or checked that the creator starts it): the kind's setup, seats in
    their order with their roles, clocks, the first snapshot."""
    if game.status != Game.Status.OPEN:
        raise ApplicationError(_("The game has already started."))
    seats = list(game.seats.select_related("user").order_by("position"))
    by_name = {s.user.username: s for s in seats}
    requested = game.requested_setup or {}
    players = requested.get("seat_order") or [s.user.username for s in seats]
    engine = kinds.engine_for(game.kind)
    setup = engine.setup(
        players=players,
        options=game.options,
        seed=game.seed,
        requested={**requested, "map_id": game.map_id},
    )
    game.engine_version = engine.info.version
    state = engine.new_state(setup)
    # The setup may reorder the seats; move them out of the way of the unique constraint first.
    for seat in seats:
        seat.position += 100
    Seat.objects.bulk_update(seats, ["position"])
    for position, username in enumerate(setup["players"], start=1):
        by_name[username].position = position
        # A kind whose seats play a role from the start (Mythotopia's colours) shows it at once.
        by_name[username].faction = engine.role(state, position)
    game.setup = setup
    game.status = Game.Status.RUNNING
    game.started_at = game.last_move_at = timezone.now()
    clock.clocks_start(game, seats)
    clock.seats_waiting_update(
        game,
        seats,
        engine.waiting_for(state),
        move_number=0,
        mover=None,
        round_number=engine.round(state),
        now=game.started_at,
    )
    Seat.objects.bulk_update(seats, ["position", "faction", *clock.WAIT_FIELDS])

    game.save(update_fields=["setup", "status", "started_at", "last_move_at", "engine_version"])
    log.snapshot_start(game, state)
    signals.announce(signals.game_started, game_id=game.pk)


# --- moves -----------------------------------------------------------------------------------


def move(
    game_id: int,
    *,
    seat_of: SeatOf,
    command: str,
    expected_move_number: int | None,
    caller: log.Caller | None = None,
) -> MoveResult:
    """A player's own command, then what follows it: automatic answers, queued moves.
    ``caller``: who sends it, read with the locked game and checked first (``log.Caller``)."""
    # The writes that need no answer go out together, the last ones with the COMMIT
    # (tm_site/statements.py).
    with statements.atomic():
        game, seats = log.locked_game_with_seats(game_id, caller)
        seat = seat_of(game, seats)
        _check(game, expected_move_number)
        if seat.dropped:
            raise Forbidden(_("You have left this game."))
        state = log.load_state(game)
        engine = kinds.engine_for(game.kind)
        command = kinds.canonical_command(game.kind, command)
        actor = engine.actor(state, seat.position)
        state, ledger = engine.apply_for_seat(state, seat.position, command)
        entry = log.append_command(game, state, seat, actor, command, ledger)
        # Automatic answers follow, then the moves others queued for their turn (premoves).
        return settle(game, state, entry, seats)


def undo(game_id: int, *, seat_of: SeatOf, expected_move_number: int | None) -> MoveResult:
    """Take back the seat's own last move, while nobody else has acted since."""
    with transaction.atomic():
        game = log.locked_game(game_id)
        seat = seat_of(game, list(game.seats.all()))
        _check(game, expected_move_number)
        moves = list(game.moves.order_by("number"))
        kept = log.effective_moves(moves)
        if not kept or kept[-1].kind != Move.Kind.COMMAND or kept[-1].seat_id != seat.pk:
            raise ApplicationError(_("Only your own last move can be undone."))
        last = kept[-1]
        if any(m.number > last.number and m.user_id != seat.user_id for m in moves):
            raise ApplicationError(_("Another player has acted since your last move."))
        refusal = _takeback_refusal(game, last)
        if refusal:
            raise ApplicationError(refusal)
        # Queues made after the move taken back (and the undoer's own) were for another game.
        log.queued_moves_taken_back(game, from_move=last.number, seat=seat)
        return _taken_back(
            game,
            kept[:-1],
            kind=Move.Kind.UNDO,
            seat=seat,
            user_id=seat.user_id,
            actor=last.actor,
            command=f"undo {last.number}",
            target=last.number,
        )


def rollback(
    game_id: int, *, may: May, by, to_move_number: int, expected_move_number: int | None
) -> MoveResult:
    """Take the game back to move ``to_move_number`` (0: its start); a finished game runs
    again."""
    with transaction.atomic():
        game = log.locked_game(game_id)
        may(game)
        if game.status not in (Game.Status.RUNNING, Game.Status.FINISHED):
            raise ApplicationError(_("Only a started game can be rolled back."))
        log.check_revision(game, expected_move_number)
        kept = log.effective_moves(list(game.moves.order_by("number")))
        if to_move_number != 0 and to_move_number not in {m.number for m in kept}:
            raise ApplicationError(f"Move {to_move_number} is not a move in force in this game.")
        if not kept or to_move_number >= kept[-1].number:
            raise ApplicationError(_("There is nothing after that move to roll back."))
        # The same rule as undo, for the creator and staff alike, and for a finished game too
        # (it would run again): replaying from before a draw would deal the same seeded cards
        # again, which its players have seen.
        for taken in (m for m in kept if m.number > to_move_number):
            refusal = _takeback_refusal(game, taken)
            if refusal:
                raise ApplicationError(
                    _("No rollback to move %(number)s: move %(move)s is in the way. %(reason)s")
                    % {"number": to_move_number, "move": taken.number, "reason": refusal}
                )
        log.queued_moves_taken_back(game, from_move=to_move_number + 1, seat=None)
        if game.status == Game.Status.FINISHED:
            _reopen(game)
        return _taken_back(
            game,
            [m for m in kept if m.number <= to_move_number],
            kind=Move.Kind.ROLLBACK,
            seat=None,
            user_id=by.pk,
            actor="",
            command=f"rollback to {to_move_number}",
            target=to_move_number,
        )


def _taken_back(game: Game, kept: list[Move], **entry: Any) -> MoveResult:
    """Append an undo or a rollback (``entry``: its fields in the log) with the state replayed
    from the moves still in force, ``kept``."""
    state = log.replay_kept(game, kept)
    return settle(game, state, log.append(game, state, **entry), automatic=False)


def _takeback_refusal(game: Game, entry: Move) -> str | None:
    """Why this move may not be taken back (undo or rollback), or None.

    A kind with hidden information says per move whether taking it back would let a player see
    a secret twice (``undo_refusal``: cards drawn, secret choices shown); a kind that hides
    information and cannot tell refuses every take-back. A rejoin is never taken back: its
    seat now has another player (the computer), whom a drop in force again would leave stuck."""
    if entry.kind == Move.Kind.REJOIN:
        return _("A seat was handed to the computer there; a hand-over cannot be taken back.")
    engine = kinds.engine_for(game.kind)
    if hasattr(engine, "undo_refusal"):
        return kinds.undo_refusal(game.kind, entry.ledger or [])
    if engine.info.hidden_information:
        return _("This game hides information: its moves cannot be taken back.")
    return None


# --- leaving a game --------------------------------------------------------------------------


def drop(game_id: int, *, may: May, by, role: str, expected_move_number: int | None) -> MoveResult:
    """Drop the seat that plays ``role`` (staff, a league's organiser): the engine's drop."""
    with transaction.atomic():
        game = log.locked_game(game_id)
        may(game)
        _check(game, expected_move_number)
        seat = game.seats.filter(faction=role.lower()).first()
        if seat is None:
            raise ApplicationError(f"No faction {role!r} in this game.")
        return drop_seat(game, seat, by)


def drop_seat(game: Game, seat: Seat, by) -> MoveResult:
    """The engine's drop of ``seat`` appended to the log (the game's lock held)."""
    if seat.dropped:
        raise ApplicationError(f"{seat.faction} has already left the game.")
    state = kinds.engine_for(game.kind).drop_seat(log.load_state(game), seat.position)
    return _seat_entry(
        game, state, seat, by, Move.Kind.DROP, kinds.drop_command(game.kind, seat.faction)
    )


def rejoin(game: Game, seat: Seat, by) -> MoveResult:
    """A dropped seat plays on (its lock held): the engine takes the drop back as the state
    stands now (the seat's turns missed stay missed), appended to the log; the caller has
    given the seat to its new player (the computer)."""
    if not seat.dropped:
        raise ApplicationError(_("This seat has not left the game."))
    state = kinds.restore_seat(game.kind, log.load_state(game), seat.position)
    return _seat_entry(game, state, seat, by, Move.Kind.REJOIN, f"rejoin {seat.faction}".strip())


def _seat_entry(game: Game, state: Any, seat: Seat, by, kind: str, command: str) -> MoveResult:
    """A seat's drop or rejoin (``kind``), done by ``by`` (None: the time control), in the log."""
    entry = log.append(
        game,
        state,
        kind=kind,
        seat=seat,
        user_id=by.pk if by is not None else None,
        actor=seat.faction,
        command=command,
    )
    return settle(game, state, entry, automatic=False)


def leave_or_abort(game: Game, seat: Seat, by, *, who: str, how: str) -> MoveResult | None:
    """A seat leaves a running game (its lock held): the engine drops it or, when the game
    cannot go on without it, the game is aborted (None). ``who`` names the player and ``how``
    the way they left ("resigned", "ran out of time") in the abort's reason."""
    try:
        with transaction.atomic():
            return drop_seat(game, seat, by)
    except IllegalMove:
        game.refresh_from_db()
        role = kinds.engine_for(game.kind).info.role_name
        if role and not seat.faction:
            reason = f"{who} {how} before choosing a {role}"
        else:
            reason = f"{who} {how}, and the game cannot go on without them"
        abort(game, reason)
        return None


def resign(game_id: int, *, seat_of: SeatOf, who: str) -> Game:
    """The seat's player leaves the game for good."""
    with transaction.atomic():
        game = log.locked_game(game_id)
        seat = seat_of(game, list(game.seats.all()))
        log.check_running(game)
        if seat.dropped:
            raise ApplicationError(_("You have already left this game."))
        leave_or_abort(game, seat, seat.user, who=who, how="resigned")
    return game


def abort(game: Game, reason: str, now: datetime | None = None) -> None:
    """End a game without a result (its lock held): nobody waits for anything any more."""
    game.status = Game.Status.ABORTED
    game.finished_at = now or timezone.now()
    game.save(update_fields=["status", "finished_at"])
    game.seats.update(**clock.NO_WAIT)
    signals.announce(signals.game_aborted, game_id=game.pk, reason=reason)


# --- after an entry of the log ---------------------------------------------------------------


def _check(game: Game, expected_move_number: int | None) -> None:
    log.check_running(game)
    log.check_revision(game, expected_move_number)


def _reopen(game: Game) -> None:
    """A finished game runs again (a rollback): its result no longer stands."""
    game.status = Game.Status.RUNNING
    game.finished_at = game.result_recorded_at = game.finish_processed_at = None
    game.save(update_fields=["status", "finished_at", "result_recorded_at", "finish_processed_at"])
    game.seats.update(final_vp=None, rank=None, vp_breakdown={})
    signals.announce(signals.game_reopened, game_id=game.pk)


def imported(game: Game, state: Any, moves: list[Move]) -> MoveResult | None:
    """A whole imported log appended at once to a game just started; seats and status follow."""
    log.append_imported(game, state, moves)
    if not moves:
        return None
    return after_move(game, state, moves[-1], recheck_drops=True)


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
        seats = log.seats_with_addresses(game)
    changed: dict[int, Seat] = {}
    # A player's command never changes who has left; drops, undos and rollbacks can.
    dropped = (
        {s.pk for s in seats if s.dropped}
        if move.kind == Move.Kind.COMMAND and not recheck_drops
        else _dropped_seats(game)
    )
    engine = kinds.engine_for(game.kind)
    for seat in seats:
        faction = engine.role(state, seat.position)
        is_dropped = seat.pk in dropped
        if (seat.faction, seat.dropped) != (faction, is_dropped):
            seat.faction, seat.dropped = faction, is_dropped
            changed[seat.pk] = seat

    waiting = engine.waiting_for(state)
    timed, game_fields = clock.seats_waiting_update(
        game,
        seats,
        waiting,
        move_number=move.number,
        mover=move.seat,
        round_number=engine.round(state),
        now=game.last_move_at or timezone.now(),
    )
    changed.update((s.pk, s) for s in timed)
    # Usually one or two seats change; plain updates are much cheaper than bulk_update's CASEs.
    fields = ["faction", "dropped", *clock.WAIT_FIELDS]
    for seat in changed.values():
        statements.update_later(Seat, seat.pk, **{f: getattr(seat, f) for f in fields})
    if game_fields:
        game.save(update_fields=game_fields)
    finished = not waiting and engine.is_finished(state)
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
        **{name: getattr(seat, name, None) for name in log.notice_annotations()},
        "user_id": seat.user_id if seat else None,
        # The game started waiting for this seat with this move (its own moves excepted, and
        # waits its queued move answers at once).
        "new": seat is not None
        and not acting
        and seat.waiting_since_move == move.number
        and seat.pk != move.seat_id,
    }


def _dropped_seats(game: Game) -> set[int]:
    """The seats (ids) whose drop is in force (and not followed by a rejoin in force)."""
    if not game.moves.filter(kind=Move.Kind.DROP).exists():
        return set()
    dropped: set[int] = set()
    for m in log.effective_moves(list(game.moves.order_by("number"))):
        if m.seat_id is None:
            continue
        if m.kind == Move.Kind.DROP:
            dropped.add(m.seat_id)
        elif m.kind == Move.Kind.REJOIN:
            dropped.discard(m.seat_id)
    return dropped


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
    providers = log.automatic_providers(game.kind)
    nexts = [n for n in (p(game, seats) for p in providers) if n is not None]
    if not nexts:
        return state
    engine = kinds.engine_for(game.kind)
    by_actor = {engine.actor(state, s.position): s for s in seats}
    for _attempt in range(MAX_AUTOMATIC_MOVES):
        answer = next((a for a in (n(state) for n in nexts) if a is not None), None)
        if answer is None or answer[0] not in by_actor:
            break
        actor, command = answer
        try:
            state, ledger = engine.apply(state, actor, command)
        except ApplicationError:
            logger.exception("Automatic move %r of %s refused in game %s", command, actor, game.pk)
            break
        log.append_command(game, state, by_actor[actor], actor, command, ledger)
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
        seats = log.seats_with_addresses(game)
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
    seats = log.seats_with_addresses(game)
    state = log.load_state(game)
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
    queues = [q for q in (p.queues(game, seats) for p in log.queued_providers(game.kind)) if q]
    if not queues:
        return None
    last: tuple[Any, Move] | None = None
    for _attempt in range(MAX_QUEUED_MOVES):
        found = _next_queued(game, state, seats, queues)
        if found is None:
            return last
        seat, queue, actor, command, after, ledger = found
        if move is not None:
            after_move(game, state, move, seats, acting=frozenset({seat.position}))
        move = log.append_command(game, after, seat, actor, command, ledger)
        queue.played(seat, move)
        state = append_automatic(game, after, seats)
        last = (state, move)
    logger.error("More than %s queued moves in a row in game %s", MAX_QUEUED_MOVES, game.pk)
    return last


def _next_queued(
    game: Game, state: Any, seats: list[Seat], queues: list[log.Queues]
) -> tuple[Seat, log.Queues, str, str, Any, list] | None:
    """The first queued command the rules accept from a seat the game waits for, applied as
    that seat's own; a refused one cancels its queue when it was the seat's move."""
    engine = kinds.engine_for(game.kind)
    waiting = engine.waiting_for(state)
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
                after, ledger = engine.apply_for_seat(state, seat.position, command)
            except ApplicationError as exc:
                own_move = any(
                    d.get("seat") == position and d.get("category") in log.OWN_MOVE_CATEGORIES
                    for d in waiting
                )
                if own_move:
                    queue.refused(seat, command, exc.message, game.move_count)
                continue
            return seat, queue, engine.actor(state, seat.position), command, after, ledger
    return None
