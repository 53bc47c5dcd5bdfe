"""Reads of notifications: preferences with their defaults, notifications to (re)send."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Model, Q
from django.utils import timezone

from accounts.models import Profile
from accounts.selectors import language_chosen, name_shown
from games.models import Game, Move, Seat

from . import statements
from .models import DEFAULTS, Kind, Notification, Preference

User = get_user_model()

Choice = tuple[bool, str]  # (enabled, delivery)


def preferences_for(user_ids: Iterable[int]) -> dict[int, dict[str, Choice]]:
    """Each player's choice per kind, defaults filled in."""
    ids = list(dict.fromkeys(user_ids))
    out = {uid: dict(DEFAULTS) for uid in ids}
    for uid, kind, enabled, delivery in Preference.objects.filter(user_id__in=ids).values_list(
        "user_id", "kind", "enabled", "delivery"
    ):
        out[uid][kind] = (enabled, delivery)
    return out


def preferences_view(user) -> dict[str, dict]:
    """``{kind: {"enabled": bool, "delivery": "immediate" | "daily"}}`` for the API."""
    choices = preferences_for([user.pk])[user.pk]
    return {
        str(kind): {"enabled": enabled, "delivery": str(delivery)}
        for kind, (enabled, delivery) in choices.items()
    }


def notifications_to_retry(now: datetime | None = None) -> list[int]:
    """Mails not sent yet: never tried, failed before, or claimed by a worker that vanished."""
    now = now or timezone.now()
    stale = now - timedelta(seconds=settings.NOTIFICATIONS_SEND_LEASE)
    return list(
        Notification.objects.filter(
            Q(status=Notification.Status.PENDING)
            | Q(status=Notification.Status.SENDING, claimed_at__lt=stale)
        )
        .order_by("id")
        .values_list("pk", flat=True)
    )


def users_with_deferred() -> list[int]:
    return list(
        Notification.objects.filter(status=Notification.Status.DEFERRED)
        .order_by("user_id")
        .values_list("user_id", flat=True)
        .distinct()
    )


# --- what a move's mails need, in two statements -----------------------------------------------


@dataclass(frozen=True)
class MoveRecipient:
    """A seated player with a confirmed address, and their choices for a move's kinds."""

    user_id: int
    email: str
    name: str  # how mails greet them
    language: str
    seat: Seat  # position, faction and clock fields only
    choices: dict[str, Choice]


@dataclass(frozen=True)
class MoveMailFacts:
    game: Game  # name, kind, status and time control only
    move: Move | None  # number, kind, actor, command and user only
    recipients: list[MoveRecipient]  # by position


MOVE_KINDS = (Kind.YOUR_TURN, Kind.DECISION, Kind.MOVE)
_ALIASES: dict[type[Model], str] = {
    Game: "g",
    Move: "m",
    Seat: "s",
    User: "u",
    Profile: "p",
    Preference: "pr",
}
_GAME_FIELDS = ("name", "kind", "status", "time_control", "move_time_limit")
_MOVE_FIELDS = ("kind", "actor", "command", "user_id")
_SEAT_FIELDS: tuple[str, ...] = ("id", "user_id", "position", "faction", "dropped")
_SEAT_FIELDS += ("waiting_since", "deadline_at", "time_left")
_FACTS: statements.Columns = (
    *((Game, f) for f in _GAME_FIELDS),
    *((Move, f.removesuffix("_id")) for f in _MOVE_FIELDS),
    *((Seat, f.removesuffix("_id")) for f in _SEAT_FIELDS),
    (User, "email"),
    (User, "username"),
    (Profile, "display_name"),
    (Profile, "language"),
    (Preference, "kind"),
    (Preference, "enabled"),
    (Preference, "delivery"),
)


def _col(model: type[Model], name: str) -> str:
    return statements.column(model, name, _ALIASES[model])


def _table(model: type[Model]) -> str:
    return statements.table(model, _ALIASES[model])


@functools.cache
def _facts_sql(vendor: str) -> str:
    c = _col
    kinds = ", ".join(f"'{k}'" for k in MOVE_KINDS)
    return (
        f"SELECT {', '.join(c(model, name) for model, name in _FACTS)} "
        f"FROM {_table(Seat)} "
        f"JOIN {_table(Game)} ON {c(Game, 'id')} = {c(Seat, 'game')} "
        f"JOIN {_table(User)} ON {c(User, 'id')} = {c(Seat, 'user')} "
        f"LEFT JOIN {_table(Profile)} ON {c(Profile, 'user')} = {c(User, 'id')} "
        f"LEFT JOIN {_table(Move)} ON {c(Move, 'game')} = {c(Game, 'id')} "
        f"AND {c(Move, 'number')} = %s "
        f"LEFT JOIN {_table(Preference)} ON {c(Preference, 'user')} = {c(User, 'id')} "
        f"AND {c(Preference, 'kind')} IN ({kinds}) "
        f"WHERE {c(Seat, 'game')} = %s AND {c(User, 'email')} <> '' "
        f"ORDER BY {c(Seat, 'position')}"
    )


def move_mail_facts(game_id: int, move_number: int) -> MoveMailFacts | None:
    """The game, the move and the seated players with an address, with their choices for a
    move's kinds, in one statement; None when nobody of the game can get mail."""
    rows = statements.rows(_facts_sql(connection.vendor), [move_number, game_id], _FACTS)
    if not rows:
        return None
    first = rows[0]
    game = statements.instance(Game, id=game_id, **dict(zip(_GAME_FIELDS, first[:5], strict=True)))
    move = None
    if first[5] is not None:  # the move's kind: the move exists
        move = statements.instance(
            Move,
            game_id=game_id,
            number=move_number,
            **dict(zip(_MOVE_FIELDS, first[5:9], strict=True)),
        )
    recipients: dict[int, MoveRecipient] = {}
    for row in rows:
        email, username, display, language, kind, enabled, delivery = row[17:]
        recipient = recipients.get(row[10])
        if recipient is None:
            seat = statements.instance(
                Seat, game_id=game_id, **dict(zip(_SEAT_FIELDS, row[9:17], strict=True))
            )
            recipient = recipients[seat.user_id] = MoveRecipient(
                user_id=seat.user_id,
                email=email,
                name=name_shown(display, username),
                language=language_chosen(language),
                seat=seat,
                choices={k: DEFAULTS[k] for k in MOVE_KINDS},
            )
        if kind is not None:
            recipient.choices[kind] = (enabled, delivery)
    return MoveMailFacts(game=game, move=move, recipients=list(recipients.values()))


_MOVES: statements.Columns = ((Move, "number"), (Move, "actor"), (Move, "kind"), (Move, "command"))


@functools.cache
def _moves_sql(vendor: str) -> str:
    c = _col
    number, game, seat, kind = (
        statements.column(Move, f) for f in ("number", "game", "seat", "kind")
    )
    return (
        f"SELECT {', '.join(c(model, name) for model, name in _MOVES)}, own.last "
        f"FROM {_table(Move)}, (SELECT COALESCE(MAX({number}), 0) AS last "
        f"FROM {statements.table(Move)} WHERE {game} = %s AND {seat} = %s "
        f"AND {kind} = '{Move.Kind.COMMAND}' AND {number} < %s) own "
        f"WHERE {c(Move, 'game')} = %s AND {c(Move, 'number')} > own.last "
        f"AND {c(Move, 'number')} <= %s ORDER BY {c(Move, 'number')} DESC LIMIT %s"
    )


def moves_since_own(
    game_id: int, seat_id: int, move_number: int, limit: int
) -> tuple[list[tuple[int, str, str, str]], int]:
    """The last ``limit`` moves since the seat's own last command before ``move_number``, up to
    that move (number, actor, kind, command; oldest first), and how many earlier ones since
    that command are left out, in one statement."""
    params = [game_id, seat_id, move_number, game_id, move_number, limit]
    rows = statements.rows(_moves_sql(connection.vendor), params, _MOVES)
    moves = [(row[0], row[1], row[2], row[3]) for row in reversed(rows)]
    earlier = max(0, move_number - rows[0][4] - len(rows)) if rows else 0
    return moves, earlier
