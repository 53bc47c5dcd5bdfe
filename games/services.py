"""Writes of the games app. Views call these; they decide who may do what, then record it
through ``games.log``, the move log's one writer, inside one transaction that holds the game
row's lock.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.selectors import display_name
from accounts.services import bot_account
from accounts.usernames import username_problem
from tm_site.exceptions import ApplicationError, Forbidden, NotFound
from tm_site.text import single_line

from . import clock, kinds, log, signals
from .kinds.contract import RuleViolation
from .kinds.terra_mystica import engine
from .models import ORIGINAL_MAP_ID, ChatMessage, Game, Move, Seat

User = get_user_model()

MIN_PLAYERS, MAX_PLAYERS = 2, 5
_TILE_ID = re.compile(r"^[A-Z]+[0-9]+$")


# --- helpers ---------------------------------------------------------------------------------


def _is_admin(game: Game, user) -> bool:
    return user.is_staff or game.created_by_id == user.pk


def _seat_of(game: Game, user) -> Seat | None:
    if not user.is_authenticated:
        return None
    return Seat.objects.filter(game=game, user=user).first()


# --- lobby -----------------------------------------------------------------------------------


def game_create(
    *,
    user,
    player_count: int,
    options: Sequence[str] = (),
    public: bool = True,
    rated: bool = False,
    setup: dict | None = None,
    name: str = "",
    move_time_limit: timedelta | None = None,
    seed: str | None = None,
    time_control: str | None = None,
    clock_initial: timedelta | None = None,
    clock_bonus: timedelta | None = None,
    map_id: str = ORIGINAL_MAP_ID,
    kind: str = kinds.DEFAULT_KIND,
    bots: Sequence[str] = (),
) -> Game:
    info = kinds.engine_for(kind).info
    if player_count not in info.player_counts:
        counts = ", ".join(map(str, info.player_counts))
        raise ApplicationError(f"{info.name} is played by {counts} players, not {player_count}.")
    bots = list(bots)
    if bots:
        _bots_check(kind, player_count, bots, setup)
    options = list(dict.fromkeys(options))
    timing = clock.time_control_clean(
        kind=time_control,
        move_time_limit=move_time_limit,
        clock_initial=clock_initial,
        clock_bonus=clock_bonus,
    )
    if kind != kinds.DEFAULT_KIND:
        if map_id != ORIGINAL_MAP_ID:
            raise ApplicationError(f"Maps are for Terra Mystica; {info.name} has none to choose.")
        requested = _clean_seat_order(setup, player_count) if setup else None
        kind_options_check(kind, player_count, options)
    else:
        engine.check_map(map_id, options)
        if setup:
            requested = _clean_requested_setup(setup, player_count, options)
        else:
            requested = None
            engine.validate_options(seed or "validation", player_count, options)

    with transaction.atomic():
        game = Game.objects.create(
            kind=kind,
            created_by=user,
            name=single_line(name),
            player_count=player_count,
            options=options,
            map_id=map_id,
            public=public,
            # A private game among friends (or accounts of one's own) counts only when its
            # creator says so up front; a public game always counts (docs/ratings.md).
            # Games against the computer never count: the bots' strength is not a player's.
            counts_for_rating=(public or rated) and not bots,
            requested_setup=requested,
            time_control=timing.kind,
            move_time_limit=timing.move_time_limit,
            clock_initial=timing.clock_initial,
            clock_bonus=timing.clock_bonus,
            **({"seed": seed} if seed else {}),
        )
        # A seat order that leaves the creator out is an organiser's game; without a seat order
        # the creator plays, as in any game.
        order = (requested or {}).get("seat_order") or []
        if not order or user.username in order:
            Seat.objects.create(game=game, user=user, position=1)
        if bots:
            _bots_seat(game, bots)
    return game


def _bots_check(kind: str, player_count: int, bots: list[str], setup: dict | None) -> None:
    levels = kinds.bot_levels(kind)
    if not levels:
        raise ApplicationError(_("The computer does not play this game."))
    unknown = [level for level in bots if level not in levels]
    if unknown:
        raise ApplicationError(
            _("The computer plays at these levels: %(levels)s; not %(level)s.")
            % {"levels": ", ".join(levels), "level": unknown[0]}
        )
    if len(bots) >= player_count:
        raise ApplicationError(_("A game against the computer needs a seat for you."))
    if setup and setup.get("seat_order"):
        raise ApplicationError(_("Computer seats and a chosen seat order do not go together."))


def _bots_seat(game: Game, bots: list[str]) -> None:
    """Seat the site's bots after the creator; the game starts when nobody else is missing."""
    numbers: dict[str, int] = {}
    for position, level in enumerate(bots, start=2):
        numbers[level] = numbers.get(level, 0) + 1
        user = bot_account(kind=game.kind, level=level, number=numbers[level])
        Seat.objects.create(game=game, user=user, position=position)
    if len(bots) + 1 == game.player_count:
        _start(game)


def kind_options_check(kind: str, player_count: int, options: Sequence[str]) -> None:
    """Raise ``IllegalMove`` naming the rule unless ``kind`` can set up a game with these."""
    kinds.engine_for(kind).setup(
        players=[f"player{i}" for i in range(1, player_count + 1)],
        options=list(options),
        seed="validation",
        requested=None,
    )


def _clean_seat_order(setup: dict, player_count: int) -> dict:
    """A requested seat order (usernames), the one choice of a setup every kind accepts."""
    unknown = set(setup) - {"seat_order"}
    if unknown:
        raise ApplicationError(f"setup: only seat_order can be chosen, not {sorted(unknown)[0]!r}.")
    seat_order = [str(u) for u in setup.get("seat_order") or []]
    if len(seat_order) != player_count or len(set(seat_order)) != player_count:
        raise ApplicationError(f"setup.seat_order must name {player_count} different players.")
    known = set(User.objects.filter(username__in=seat_order).values_list("username", flat=True))
    missing = [u for u in seat_order if u not in known]
    if missing:
        raise ApplicationError(f"setup.seat_order: no player named {missing[0]!r}.")
    return {"seat_order": seat_order}


def _clean_requested_setup(setup: dict, player_count: int, options: list[str]) -> dict:
    scoring = [str(t).upper() for t in setup.get("scoring_tiles") or []]
    removed = [str(t).upper() for t in setup.get("removed_bonus_tiles") or []]
    offered = [str(f).lower() for f in setup.get("auction_factions") or []]
    seat_order = [str(u) for u in setup.get("seat_order") or []]
    if len(scoring) != 6:
        raise ApplicationError("setup.scoring_tiles must list six scoring tiles, round 1 first.")
    for tile in scoring + removed:
        if not _TILE_ID.match(tile):
            raise ApplicationError(f"setup: {tile!r} is not a tile id.")
    if seat_order:
        _clean_seat_order({"seat_order": seat_order}, player_count)
    names = seat_order or [f"player{i}" for i in range(1, player_count + 1)]
    engine.validate_setup(
        engine.explicit_setup(
            player_count=player_count,
            options=options,
            scoring_tiles=scoring,
            removed_bonus_tiles=removed,
            players=names,
            auction_factions=offered,
        )
    )
    cleaned = {"scoring_tiles": scoring, "removed_bonus_tiles": removed, "seat_order": seat_order}
    return {**cleaned, "auction_factions": offered} if offered else cleaned


def game_join(*, game_id: int, user, invite_code: str = "") -> Game:
    with transaction.atomic():
        game = log.locked_game(game_id)
        if game.status != Game.Status.OPEN:
            raise ApplicationError(_("The game is not open for players."))
        if not game.public and invite_code != game.invite_code and not user.is_staff:
            raise Forbidden(_("This game is private: join it through its invite link."))
        seats = list(game.seats.all())
        if any(s.user_id == user.pk for s in seats):
            raise ApplicationError(_("You already have a seat in this game."))
        if len(seats) >= game.player_count:
            raise ApplicationError(_("The game is full."))
        order = (game.requested_setup or {}).get("seat_order") or []
        if order and user.username not in order:
            raise Forbidden(
                "The seats of this game are reserved for the players of its seat order."
            )
        taken = {s.position for s in seats}
        position = min(p for p in range(1, game.player_count + 1) if p not in taken)
        Seat.objects.create(game=game, user=user, position=position)
        if game.public and len(seats) + 1 == game.player_count:
            _start(game)
    return game


def game_leave(*, game_id: int, user) -> Game:
    with transaction.atomic():
        game = log.locked_game(game_id)
        if game.status != Game.Status.OPEN:
            raise ApplicationError(
                _("Only a game that has not started can be left; resign instead.")
            )
        seat = _seat_of(game, user)
        if seat is None:
            raise ApplicationError(_("You have no seat in this game."))
        seat.delete()
        if user.pk == game.created_by_id:
            game.status = Game.Status.ABORTED
            game.finished_at = timezone.now()
            game.save(update_fields=["status", "finished_at"])
            signals.announce(
                signals.game_aborted, game_id=game.pk, reason="its creator left before the start"
            )
    return game


def game_start(*, game_id: int, user) -> Game:
    with transaction.atomic():
        game = log.locked_game(game_id)
        if not _is_admin(game, user):
            raise Forbidden(_("Only the game's creator can start it."))
        if game.status != Game.Status.OPEN:
            raise ApplicationError(_("The game has already started."))
        if game.seats.count() != game.player_count:
            raise ApplicationError(
                f"The game needs {game.player_count} players and has {game.seats.count()}."
            )
        _start(game)
    return game


def _start(game: Game) -> None:
    seats = list(game.seats.select_related("user").order_by("position"))
    by_name = {s.user.username: s for s in seats}
    requested = game.requested_setup or {}
    players = requested.get("seat_order") or [s.user.username for s in seats]
    kind = kinds.engine_for(game.kind)
    try:
        setup = kind.setup(
            players=players,
            options=game.options,
            seed=game.seed,
            requested={**requested, "map_id": game.map_id},
        )
    except RuleViolation as exc:
        raise ApplicationError(str(exc)) from exc
    game.engine_version = kind.info.version
    state = kind.new_state(setup)
    # The setup may reorder the seats; move them out of the way of the unique constraint first.
    for seat in seats:
        seat.position += 100
    Seat.objects.bulk_update(seats, ["position"])
    for position, username in enumerate(setup["players"], start=1):
        by_name[username].position = position
        # A kind whose seats play a role from the start (Mythotopia's colours) shows it at once.
        by_name[username].faction = kind.role(state, position)
    game.setup = setup
    game.status = Game.Status.RUNNING
    game.started_at = game.last_move_at = timezone.now()
    clock.clocks_start(game, seats)
    clock.seats_waiting_update(
        game,
        seats,
        kind.waiting_for(state),
        move_number=0,
        mover=None,
        round_number=kind.round(state),
        now=game.started_at,
    )
    Seat.objects.bulk_update(seats, ["position", "faction", *clock.WAIT_FIELDS])

    game.save(update_fields=["setup", "status", "started_at", "last_move_at", "engine_version"])
    log.snapshot_start(game, state)
    signals.announce(signals.game_started, game_id=game.pk)


# --- moves -----------------------------------------------------------------------------------


def clean_command(command: str) -> str:
    """One row as the log stores it; comments after '#' are not part of a move."""
    if "\n" in command or "\r" in command:
        raise ApplicationError(_("Send one row of commands; join sub-commands with '.'."))
    if any(ord(c) < 32 for c in command):
        raise ApplicationError(_("The command contains control characters."))
    limit = settings.TM_MAX_COMMAND_LENGTH
    if len(command) > limit:
        raise ApplicationError(f"The command is longer than {limit} characters.")
    command = engine.canonical_command(command)
    if not command:
        raise ApplicationError(_("The command is empty."))
    return command


def move_submit(*, game_id: int, user, command: str, expected_move_number: int) -> log.MoveResult:
    command = clean_command(command)
    with transaction.atomic():
        game = log.locked_game(game_id, with_snapshot=True)
        seats = log.seats_with_addresses(game)
        seat = next((s for s in seats if s.user_id == user.pk), None)
        if seat is None:
            if not (game.public or _is_admin(game, user)):
                raise NotFound(f"No game {game_id}.")  # a private game shows no sign of itself
            raise Forbidden(_("You have no seat in this game."))
        log.check_running(game)
        log.check_revision(game, expected_move_number)
        if seat.dropped:
            raise Forbidden(_("You have left this game."))
        state = log.load_state(game)
        kind = kinds.engine_for(game.kind)
        actor = kind.actor(state, seat.position)
        state, ledger = kind.apply_for_seat(state, seat.position, command)
        move = log.append_command(game, state, seat, actor, command, ledger)
        # Automatic answers follow, then the moves others queued for their turn (premoves).
        return log.settle(game, state, move, seats)


def move_undo(*, game_id: int, user, expected_move_number: int) -> log.MoveResult:
    with transaction.atomic():
        game = log.locked_game(game_id)
        seat = _seat_of(game, user)
        if seat is None:
            raise Forbidden(_("You have no seat in this game."))
        log.check_running(game)
        log.check_revision(game, expected_move_number)
        moves = list(game.moves.order_by("number"))
        kept = log.effective_moves(moves)
        if not kept or kept[-1].kind != Move.Kind.COMMAND or kept[-1].seat_id != seat.pk:
            raise ApplicationError(_("Only your own last move can be undone."))
        last = kept[-1]
        if any(m.number > last.number and m.user_id != user.pk for m in moves):
            raise ApplicationError(_("Another player has acted since your last move."))
        refusal = _takeback_refusal(game, last)
        if refusal:
            raise ApplicationError(refusal)
        # Queues made after the move taken back (and the undoer's own) were for another game.
        log.queued_moves_taken_back(game, from_move=last.number, seat=seat)
        undo = Move(
            game=game,
            number=game.move_count + 1,
            kind=Move.Kind.UNDO,
            seat=seat,
            user=user,
            actor=last.actor,
            command=f"undo {last.number}",
            target=last.number,
        )
        state = log.replay(game, [*moves, undo])
        move = log.append(
            game,
            state,
            kind=undo.kind,
            seat=seat,
            user_id=user.pk,
            actor=undo.actor,
            command=undo.command,
            target=undo.target,
        )
        return log.settle(game, state, move, automatic=False)


def _takeback_refusal(game: Game, move: Move) -> str | None:
    """Why this move may not be taken back (undo or rollback), or None.

    A kind with hidden information says per move whether taking it back would let a player see
    a secret twice (``undo_refusal``: cards drawn, secret choices shown); a kind that hides
    information and cannot tell refuses every take-back."""
    engine = kinds.engine_for(game.kind)
    if hasattr(engine, "undo_refusal"):
        return kinds.undo_refusal(game.kind, move.ledger or [])
    if engine.info.hidden_information:
        return _("This game hides information: its moves cannot be taken back.")
    return None


def game_rollback(
    *, game_id: int, user, to_move_number: int, expected_move_number: int | None = None
) -> log.MoveResult:
    with transaction.atomic():
        game = log.locked_game(game_id)
        if not _is_admin(game, user):
            raise Forbidden(_("Only the game's creator can roll it back."))
        if game.status not in (Game.Status.RUNNING, Game.Status.FINISHED):
            raise ApplicationError(_("Only a started game can be rolled back."))
        if game.status == Game.Status.FINISHED and not user.is_staff:
            raise Forbidden(
                "Only staff can roll back a finished game: its result, the ratings and any "
                "league standings change with it."
            )
        log.check_revision(game, expected_move_number)
        moves = list(game.moves.order_by("number"))
        kept = log.effective_moves(moves)
        if to_move_number != 0 and to_move_number not in {m.number for m in kept}:
            raise ApplicationError(f"Move {to_move_number} is not a move in force in this game.")
        if not kept or to_move_number >= kept[-1].number:
            raise ApplicationError(_("There is nothing after that move to roll back."))
        # The same rule as undo, for the creator and staff alike, and for a finished game too
        # (it would run again): replaying from before a draw would deal the same seeded cards
        # again, which its players have seen.
        for move in (m for m in kept if m.number > to_move_number):
            refusal = _takeback_refusal(game, move)
            if refusal:
                raise ApplicationError(
                    _("No rollback to move %(number)s: move %(move)s is in the way. %(reason)s")
                    % {"number": to_move_number, "move": move.number, "reason": refusal}
                )
        entry = Move(
            game=game,
            number=game.move_count + 1,
            kind=Move.Kind.ROLLBACK,
            target=to_move_number,
            command=f"rollback to {to_move_number}",
        )
        state = log.replay(game, [*moves, entry])
        log.queued_moves_taken_back(game, from_move=to_move_number + 1, seat=None)
        if game.status == Game.Status.FINISHED:
            game.status = Game.Status.RUNNING
            game.finished_at = game.result_recorded_at = game.finish_processed_at = None
            game.save(
                update_fields=[
                    "status",
                    "finished_at",
                    "result_recorded_at",
                    "finish_processed_at",
                ]
            )
            game.seats.update(final_vp=None, rank=None, vp_breakdown={})
            signals.announce(signals.game_reopened, game_id=game.pk)
        move = log.append(
            game,
            state,
            kind=entry.kind,
            seat=None,
            user_id=user.pk,
            actor="",
            command=entry.command,
            target=to_move_number,
        )
        return log.settle(game, state, move, automatic=False)


def faction_drop(
    *, game_id: int, user, faction: str, expected_move_number: int | None = None
) -> log.MoveResult:
    """Staff drop a faction (the engine's ``drop-faction``), e.g. for a vanished player.

    Players never drop anyone: they leave by resigning, and time controls drop those who run
    out of time. League organisers drop their members through ``faction_drop_for_league``.
    """
    with transaction.atomic():
        game = log.locked_game(game_id)
        if not user.is_staff:
            raise Forbidden(
                "Only staff can drop a faction: players leave by resigning, and time controls "
                "drop those who run out of time."
            )
        return _drop_named(game, faction, user, expected_move_number)


def faction_drop_for_league(*, game_id: int, faction: str, organiser) -> log.MoveResult:
    """A league drops a member's faction; the leagues app has checked that ``organiser`` may."""
    with transaction.atomic():
        return _drop_named(log.locked_game(game_id), faction, organiser, None)


def _drop_named(game: Game, faction: str, user, expected_move_number: int | None) -> log.MoveResult:
    log.check_running(game)
    log.check_revision(game, expected_move_number)
    seat = game.seats.filter(faction=faction.lower()).first()
    if seat is None:
        raise ApplicationError(f"No faction {faction!r} in this game.")
    return log.drop_seat(game, seat, user)


def game_resign(*, game_id: int, user) -> Game:
    with transaction.atomic():
        game = log.locked_game(game_id)
        seat = _seat_of(game, user)
        if seat is None:
            raise Forbidden(_("You have no seat in this game."))
        log.check_running(game)
        if seat.dropped:
            raise ApplicationError(_("You have already left this game."))
        try:
            with transaction.atomic():
                log.drop_seat(game, seat, user)
        except engine.IllegalMove:
            # The engine cannot go on without this seat (in Terra Mystica: before it has a
            # faction, there is nothing to drop): the game is aborted.
            game.refresh_from_db()
            game.status = Game.Status.ABORTED
            game.finished_at = timezone.now()
            game.save(update_fields=["status", "finished_at"])
            reason = f"{display_name(user)} resigned before choosing a faction"
            if game.kind != kinds.DEFAULT_KIND:
                reason = f"{display_name(user)} resigned, and the game cannot go on without them"
            signals.announce(signals.game_aborted, game_id=game.pk, reason=reason)
    return game


# --- chat ------------------------------------------------------------------------------------


def chat_post(*, game_id: int, user, text: str) -> ChatMessage:
    text = text.strip()
    if not text:
        raise ApplicationError(_("The message is empty."))
    if len(text) > settings.TM_CHAT_MAX_LENGTH:
        raise ApplicationError(
            f"The message is longer than {settings.TM_CHAT_MAX_LENGTH} characters."
        )
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise NotFound(f"No game {game_id}.")
    if _seat_of(game, user) is None and not user.is_staff:
        raise Forbidden(_("Only the game's players can write in its chat."))
    with transaction.atomic():
        message = ChatMessage.objects.create(game=game, user=user, text=text)
        signals.announce(signals.chat_posted, game_id=game.pk, message_id=message.pk)
    return message


# --- import ----------------------------------------------------------------------------------


def _import_accounts(players: list[str], attach_existing: bool) -> dict[str, Any]:
    """The accounts to seat, by name (see ``game_import``)."""
    existing = {
        u.username.lower(): u
        for name in players
        for u in User.objects.filter(username__iexact=name)
    }
    found = [existing[n.lower()] for n in players if n.lower() in existing]
    barred = [u.username for u in found if u.is_staff or not u.is_active]
    if barred:
        raise ApplicationError(
            f"{', '.join(barred)}: staff and inactive accounts are never seated by an import."
        )
    if found and not attach_existing:
        raise ApplicationError(
            f"{', '.join(u.username for u in found)} already have accounts here: import with "
            "attach_existing to seat those accounts in the imported game."
        )
    users = {}
    for name in players:
        user = existing.get(name.lower())
        if user is None:
            try:
                with transaction.atomic():
                    user = User.objects.create_user(username=name)
            except IntegrityError as exc:
                raise ApplicationError(
                    f"{name!r} is too easily mistaken for an existing player's name."
                ) from exc
        users[name] = user
    return users


def game_import(
    *, game_file, created_by, public: bool = True, attach_existing: bool = False
) -> Game:
    """Create a game from a game file (``games.kinds.terra_mystica.notation.GameFile``) by playing its entries.

    Players are accounts named as in the file. Missing ones are created without a usable
    password. Existing accounts are seated only when ``attach_existing`` says so (the file's
    names may belong to other people here), and staff or inactive accounts never are. The
    result is finished when the file holds a whole game.
    """
    players = list(game_file.players)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS or len(set(players)) != len(players):
        raise ApplicationError("A game file must name 2 to 5 different players.")
    for name in players:
        problem = username_problem(name)
        if problem:
            raise ApplicationError(f"Player {problem}")
    with transaction.atomic():
        users = _import_accounts(players, attach_existing)
        game = Game.objects.create(
            created_by=created_by,
            name=single_line(game_file.name)[:100],
            player_count=len(players),
            options=list(game_file.options),
            public=public,
            requested_setup={
                "scoring_tiles": list(game_file.scoring_tiles),
                "removed_bonus_tiles": list(game_file.removed_bonus_tiles),
                "seat_order": players,
                **(
                    {"auction_factions": list(game_file.auction_factions)}
                    if game_file.auction_factions
                    else {}
                ),
            },
            imported_from=single_line(game_file.name)[:200],
        )
        seats = [
            Seat.objects.create(game=game, user=users[name], position=i)
            for i, name in enumerate(players, start=1)
        ]
        _start(game)
        game.refresh_from_db()
        seat_by_actor = {f"player{s.position}": s for s in seats}
        state = engine.state_from_json(game.snapshot.state)
        moves = []
        for number, entry in enumerate(game_file.entries, start=1):
            seat = seat_by_actor.get(entry.actor)
            if seat is None:
                raise ApplicationError(f"Entry {number}: {entry.actor!r} has no seat in this game.")
            try:
                ledger: list[dict]
                if entry.drop:
                    state, ledger = engine.drop_faction(state, entry.actor), []
                    kind, user, command = Move.Kind.DROP, created_by, f"drop-faction {entry.actor}"
                else:
                    state, ledger = engine.apply(state, entry.actor, entry.command)
                    kind, user, command = Move.Kind.COMMAND, seat.user, entry.command
            except ApplicationError as exc:
                raise ApplicationError(
                    f"Entry {number} ({entry.actor}: {entry.command}): {exc.message}"
                ) from exc
            if entry.command.startswith("setup "):
                seat_by_actor[engine.actor_for_seat(state, seat.position)] = seat
            moves.append(
                Move(
                    game=game,
                    number=number,
                    kind=kind,
                    seat=seat,
                    user=user,
                    actor=entry.actor,
                    command=command,
                    ledger=ledger,
                )
            )
        log.append_imported(game, state, moves)
    return game
