"""Writes of the games app. Views call these; they decide who may do what, then record it
through ``games.log``, the move log's one writer, inside one transaction that holds the game
row's lock.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.selectors import display_name
from accounts.services import bot_account
from accounts.usernames import username_problem
from tm_site.exceptions import ApplicationError, Forbidden, NotFound
from tm_site.text import single_line

from . import clock, kinds, life, log, signals
from .models import ChatMessage, Game, Move, Seat

User = get_user_model()

# The map of a game whose kind has no maps to choose: the column's default.
NO_MAP: str = Game._meta.get_field("map_id").get_default()

MIN_PLAYERS, MAX_PLAYERS = 2, 5


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
    map_id: str = NO_MAP,
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
    if map_id != NO_MAP and not kinds.maps(kind):
        raise ApplicationError(f"{info.name} has no maps to choose.")
    if setup and setup.get("seat_order"):
        _check_seat_order([str(u) for u in setup["seat_order"]], player_count)
    requested = kinds.setup_request(
        kind,
        setup or {},
        player_count=player_count,
        options=options,
        seed=seed or "validation",
        map_id=map_id,
    )

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
        life.start(game)


def kind_options_check(kind: str, player_count: int, options: Sequence[str]) -> None:
    """Raise ``IllegalMove`` naming the rule unless ``kind`` can set up a game with these."""
    kinds.setup_request(
        kind, {}, player_count=player_count, options=list(options), seed="validation", map_id=NO_MAP
    )


def _check_seat_order(seat_order: list[str], player_count: int) -> None:
    """A requested seat order names ``player_count`` different players who have accounts."""
    if len(seat_order) != player_count or len(set(seat_order)) != player_count:
        raise ApplicationError(f"setup.seat_order must name {player_count} different players.")
    known = set(User.objects.filter(username__in=seat_order).values_list("username", flat=True))
    missing = [u for u in seat_order if u not in known]
    if missing:
        raise ApplicationError(f"setup.seat_order: no player named {missing[0]!r}.")


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
            life.start(game)
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
            life.abort(game, "its creator left before the start")
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
        life.start(game)
    return game


# --- moves -----------------------------------------------------------------------------------


def check_command(command: str) -> str:
    """What the platform accepts as one row of any kind's commands (one line, no control
    characters, of a bounded length); the kind's words are the kind's (``clean_command``)."""
    if "\n" in command or "\r" in command:
        raise ApplicationError(_("Send one row of commands; join sub-commands with '.'."))
    if any(ord(c) < 32 for c in command):
        raise ApplicationError(_("The command contains control characters."))
    limit = settings.TM_MAX_COMMAND_LENGTH
    if len(command) > limit:
        raise ApplicationError(f"The command is longer than {limit} characters.")
    return command


def clean_command(command: str, kind: str) -> str:
    """One row as the log of a game of ``kind`` stores it."""
    return kinds.canonical_command(kind, check_command(command))


def _player_seat(user) -> life.SeatOf:
    """Who acts for ``user``: their seat; a private game shows no sign of itself to others."""

    def seat_of(game: Game, seats: list[Seat]) -> Seat:
        seat = next((s for s in seats if s.user_id == user.pk), None)
        if seat is None:
            if not (game.public or _is_admin(game, user)):
                raise NotFound(f"No game {game.pk}.")
            raise Forbidden(_("You have no seat in this game."))
        return seat

    return seat_of


def _own_seat(user) -> life.SeatOf:
    """Who acts for ``user``: their seat, for what only a player does (undo, resign)."""

    def seat_of(game: Game, seats: list[Seat]) -> Seat:
        seat = next((s for s in seats if s.user_id == user.pk), None)
        if seat is None:
            raise Forbidden(_("You have no seat in this game."))
        return seat

    return seat_of


def move_submit(
    *, game_id: int, user, command: str, expected_move_number: int, caller: log.Caller | None = None
) -> life.MoveResult:
    """``caller``: who sends the move, read in its first round trip (an API token's user, with
    ``user`` None), checked before anything of the game is looked at."""
    command = check_command(command)

    def seat_of(game: Game, seats: list[Seat]) -> Seat:
        return _player_seat(user if caller is None else caller.user)(game, seats)

    return life.move(
        game_id,
        seat_of=seat_of,
        command=command,
        expected_move_number=expected_move_number,
        caller=caller,
    )


def move_undo(*, game_id: int, user, expected_move_number: int) -> life.MoveResult:
    return life.undo(game_id, seat_of=_own_seat(user), expected_move_number=expected_move_number)


def game_rollback(
    *, game_id: int, user, to_move_number: int, expected_move_number: int | None = None
) -> life.MoveResult:
    def may(game: Game) -> None:
        if not _is_admin(game, user):
            raise Forbidden(_("Only the game's creator can roll it back."))
        if game.status == Game.Status.FINISHED and not user.is_staff:
            raise Forbidden(
                "Only staff can roll back a finished game: its result, the ratings and any "
                "league standings change with it."
            )

    return life.rollback(
        game_id,
        may=may,
        by=user,
        to_move_number=to_move_number,
        expected_move_number=expected_move_number,
    )


def faction_drop(
    *, game_id: int, user, faction: str, expected_move_number: int | None = None
) -> life.MoveResult:
    """Staff drop a faction (the engine's drop), e.g. for a vanished player.

    Players never drop anyone: they leave by resigning, and time controls drop those who run
    out of time. League organisers drop their members through ``faction_drop_for_league``.
    """

    def may(game: Game) -> None:
        if not user.is_staff:
            raise Forbidden(
                "Only staff can drop a faction: players leave by resigning, and time controls "
                "drop those who run out of time."
            )

    return life.drop(
        game_id, may=may, by=user, role=faction, expected_move_number=expected_move_number
    )


def faction_drop_for_league(*, game_id: int, faction: str, organiser) -> life.MoveResult:
    """A league drops a member's faction; the leagues app has checked that ``organiser`` may."""
    return life.drop(
        game_id, may=lambda game: None, by=organiser, role=faction, expected_move_number=None
    )


def seat_rejoin(game: Game, seat: Seat, by) -> life.MoveResult:
    """A dropped seat, just given to the computer, plays on (the game's lock held by the
    caller, the bots app, which has checked that ``by`` may): with a chess clock it starts
    again from the initial time, since the player it took over from may have run out."""
    if game.time_control == Game.TimeControl.CHESS and game.clock_initial is not None:
        seat.time_left = game.clock_initial
        Seat.objects.filter(pk=seat.pk).update(time_left=seat.time_left)
    return life.rejoin(game, seat, by)


def game_resign(*, game_id: int, user) -> Game:
    return life.resign(game_id, seat_of=_own_seat(user), who=display_name(user))


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
    *,
    game_file,
    created_by,
    public: bool = True,
    attach_existing: bool = False,
    kind: str = kinds.DEFAULT_KIND,
) -> Game:
    """Create a game of ``kind`` from a game file (its kind's ``read_game_file``: players,
    options, ``requested_setup()``, entries of an actor's command, drop or rejoin) by playing
    its entries.

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
            kind=kind,
            created_by=created_by,
            name=single_line(game_file.name)[:100],
            player_count=len(players),
            options=list(game_file.options),
            public=public,
            requested_setup=game_file.requested_setup(),
            imported_from=single_line(game_file.name)[:200],
        )
        seats = [
            Seat.objects.create(game=game, user=users[name], position=i)
            for i, name in enumerate(players, start=1)
        ]
        life.start(game)
        game.refresh_from_db()
        engine = kinds.engine_for(game.kind)
        state = log.load_state(game)
        seat_by_actor = {engine.actor(state, s.position): s for s in seats}
        moves = []
        for number, entry in enumerate(game_file.entries, start=1):
            seat = seat_by_actor.get(entry.actor)
            if seat is None:
                raise ApplicationError(f"Entry {number}: {entry.actor!r} has no seat in this game.")
            try:
                ledger: list[dict]
                if entry.drop:
                    state, ledger = engine.drop_seat(state, seat.position), []
                    command = kinds.drop_command(game.kind, entry.actor)
                    kind, user = Move.Kind.DROP, created_by
                elif entry.rejoin:
                    state, ledger = kinds.restore_seat(game.kind, state, seat.position), []
                    command = f"rejoin {entry.actor}"
                    kind, user = Move.Kind.REJOIN, created_by
                else:
                    state, ledger = engine.apply(state, entry.actor, entry.command)
                    kind, user, command = Move.Kind.COMMAND, seat.user, entry.command
            except ApplicationError as exc:
                raise ApplicationError(
                    f"Entry {number} ({entry.actor}: {entry.command}): {exc.message}"
                ) from exc
            # A seat's actor changes when it chooses what it plays (Terra Mystica's factions).
            seat_by_actor[engine.actor(state, seat.position)] = seat
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
        life.imported(game, state, moves)
    return game
