"""Writes of the bots app: the site's bots move, and a seat that left or went silent goes to
a bot.

A bot moves through ``games.services.move_submit``, the path and the rights of a player's own
move, with the revision it read: a stale revision means the game has moved on, and the task that
read it does nothing. Its thinking happens outside any transaction, so no lock is held while it
thinks.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from celery import current_app
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.selectors import bot_level, display_name, is_bot
from accounts.services import MAX_BOTS_PER_LEVEL, bot_account
from games import kinds, log
from games import services as game_services
from games.models import Game, Seat
from outbox.services import enqueue
from tm_site.exceptions import ApplicationError, Conflict, Forbidden, NotFound

from . import conf, play
from .models import HandOver

logger = logging.getLogger(__name__)


def bot_move(*, game_id: int, move_number: int) -> str | None:
    """Play the move of the site's bot the game waits for, if the game is still at
    ``move_number``; the command played, or None."""
    game = Game.objects.select_related("snapshot").filter(pk=game_id).first()
    if game is None or game.status != Game.Status.RUNNING or game.move_count != move_number:
        return None
    seats = {
        s.position: s
        for s in game.seats.select_related("user__profile").filter(dropped=False)
        if bot_level(s.user)
    }
    if not seats:
        return None
    state = log.load_state(game)
    waiting = kinds.engine_for(game.kind).waiting_for(state)
    seat = next((seats[d["seat"]] for d in waiting if d.get("seat") in seats), None)
    if seat is None:
        return None
    level = bot_level(seat.user)
    seed = f"{game.seed}:{move_number}:{seat.position}"
    try:
        command = play.choose(game.kind, state, seat.position, level, seed, conf.budget(level))
    except Exception:
        # A level that fails is a bug of that level; the game must not stop for it.
        logger.exception("Bot %s failed to choose in game %s", level, game_id)
        command = play.any_legal(game.kind, state, seat.position, seed) or ""
    try:
        return _submit(game, seat, command, move_number)
    except Conflict:
        return None  # someone moved meanwhile; their move queued the bot's next turn
    except ApplicationError as exc:
        # A level's choice the rules refuse is a bug of that level; the game must not stop.
        logger.error("Bot %s refused in game %s: %r (%s)", level, game_id, command, exc.message)
        fallback = play.any_legal(game.kind, state, seat.position, seed)
        if fallback is None:
            return None
        try:
            return _submit(game, seat, fallback, move_number)
        except Conflict:
            return None


def bots_overdue(*, waited: timedelta | None = None) -> list[tuple[int, int]]:
    """(game id, move number) of the running games that have waited for one of the site's
    bots longer than ``waited``: their task was lost (a worker killed while the broker held
    it, say). The periodic wake-up queues them again; a task that finds the game moved on does
    nothing."""
    cutoff = timezone.now() - (waited or conf.wake_after())
    seats = Seat.objects.filter(
        game__status=Game.Status.RUNNING,
        dropped=False,
        waiting_since__lt=cutoff,
        user__profile__bot_level__gt="",
    )
    return sorted(set(seats.values_list("game_id", "game__move_count")))


def _submit(game: Game, seat: Seat, command: str, move_number: int) -> str:
    game_services.move_submit(
        game_id=game.pk, user=seat.user, command=command, expected_move_number=move_number
    )
    return command


# Who besides a game's players may hand its seats to the computer: given the locked game and a
# user, True (they may), a refusal naming the rule (str), or None (not theirs to say). The
# leagues app registers its organisers' right (a league setting).
HandOverRight = Callable[[Game, Any], bool | str | None]
_rights: list[HandOverRight] = []


def hand_over_right_register(right: HandOverRight) -> None:
    if right not in _rights:
        _rights.append(right)


def hand_over_right(game: Game, user) -> bool | str | None:
    """The first say of a registered right: True, a refusal, or None."""
    refusal: str | None = None
    for right in _rights:
        said = right(game, user)
        if said is True:
            return True
        if isinstance(said, str):
            refusal = refusal or said
    return refusal


def seat_hand_over(*, game_id: int, position: int, user, level: str) -> Seat:
    """Hand a seat of a running game to the site's bot at ``level``; the bot plays it on
    the worker until the game ends.

    In an unrated game, its own player may do so at any time; another player of the game (or
    staff) once the seat has left the game (resigned, ran out of time, dropped) or the game
    has waited for it longer than ``BOTS_HANDOVER_AFTER`` or half its time to the deadline.
    Whoever a registered right lets (a league's organiser, if the league allows it) may hand
    over a seat that has left, in a rated game too; the game then no longer counts for the
    rating. The player it is taken from keeps a drop as their result (``HandOver``)."""
    with transaction.atomic():
        game = log.locked_game(game_id)
        seats = list(game.seats.select_related("user__profile"))
        mine = next((s for s in seats if s.user_id == user.pk and not s.dropped), None)
        other = hand_over_right(game, user)
        if mine is None and other is not True and not user.is_staff:
            if any(s.user_id == user.pk for s in seats):
                raise Forbidden(
                    _("You have left this game: only the players still in it hand seats over.")
                )
            if isinstance(other, str):
                raise Forbidden(other)
            if not game.public:
                raise NotFound(f"No game {game_id}.")
            raise Forbidden(_("Only the game's players can hand a seat to the computer."))
        log.check_running(game)
        levels = kinds.bot_levels(game.kind)
        if not levels:
            raise ApplicationError(_("The computer does not play this game."))
        if level not in levels:
            raise ApplicationError(
                _("The computer plays at these levels: %(levels)s; not %(level)s.")
                % {"levels": ", ".join(levels), "level": level}
            )
        if game.counts_for_rating and other is not True:
            raise Forbidden(
                other
                if isinstance(other, str)
                else _(
                    "Seats go to the computer only in unrated games, or in a league that lets "
                    "its organisers hand them over: a rating is a player's own."
                )
            )
        seat = next((s for s in seats if s.position == position), None)
        if seat is None:
            raise NotFound(f"No seat {position} in this game.")
        if is_bot(seat.user):
            raise ApplicationError(_("A program already plays this seat."))
        as_player = mine is not None and not game.counts_for_rating
        if not seat.dropped:
            # Staff may hand over a silent seat of an unrated game; an organiser (staff or not)
            # only a seat that has left.
            if not as_player and (other is True or not user.is_staff):
                raise ApplicationError(
                    _(
                        "%(player)s has not left the game: an organiser hands over only a "
                        "seat that has left (resigned, ran out of time, dropped)."
                    )
                    % {"player": display_name(seat.user)}
                )
            if seat.user_id != user.pk and not _silent(seat):
                raise ApplicationError(
                    _("%(player)s is not silent: the game has not waited for them long enough.")
                    % {"player": display_name(seat.user)}
                )
        bot = _free_bot(game, level, {s.user_id for s in seats})
        HandOver.objects.create(
            game=game,
            position=seat.position,
            player=seat.user,
            bot=bot,
            by=user,
            dropped=seat.dropped,
            vp=_score(game, seat.position),
        )
        Seat.objects.filter(pk=seat.pk).update(user=bot)
        seat.user = bot
        if game.counts_for_rating:
            # Games with the computer in them are never rated (games.services.game_create).
            Game.objects.filter(pk=game.pk).update(counts_for_rating=False)
            game.counts_for_rating = False
        if seat.dropped:
            game_services.seat_rejoin(game, seat, user)
            seat.refresh_from_db()
        # If the game waits for the seat, the bot moves now; the task finds out.
        enqueue(current_app.tasks["bots.tasks.bot_move"], game.pk, game.move_count)
    return seat


def _free_bot(game: Game, level: str, taken: set[int]):
    bot = next(
        (
            account
            for number in range(1, MAX_BOTS_PER_LEVEL + 1)
            if (account := bot_account(kind=game.kind, level=level, number=number)).pk not in taken
        ),
        None,
    )
    if bot is None:
        raise ApplicationError(_("No computer player of that level is free for this game."))
    return bot


def _score(game: Game, position: int) -> int | None:
    """The seat's score now, as the engine counts it (None if it cannot tell mid-game)."""
    try:
        rows = kinds.engine_for(game.kind).result(log.load_state(game))
    except Exception:  # a kind whose result needs a finished game
        return None
    return next((int(r["score"]) for r in rows if r.get("seat") == position), None)


def _silent(seat: Seat) -> bool:
    """The game has waited for the seat ``BOTS_HANDOVER_AFTER``, or half its time to the
    deadline (where a time control drops the seat, which may be handed over then too)."""
    if seat.waiting_since is None:
        return False
    now = timezone.now()
    waited = now - seat.waiting_since
    if seat.deadline_at is not None and waited >= (seat.deadline_at - seat.waiting_since) / 2:
        return True
    return waited >= conf.handover_after()
