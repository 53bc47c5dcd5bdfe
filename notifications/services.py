"""Writes of notifications: preferences, one notification per event and recipient, delivery.

Creating is idempotent through each notification's unique key; delivering is idempotent through
the claim on its status (``notification_deliver``). Notifications are created in a transaction
and delivered after it: callers (the tasks) deliver the ids these functions return. A move's
mails, the worker's most frequent work, are stored claimed and sent at once (``move_notify``).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import EmailMessage
from django.db import IntegrityError, connection, transaction
from django.utils import timezone, translation
from django.utils.functional import Promise, lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from accounts.selectors import display_name, language_of
from games import clock, kinds, names, timeouts
from games.models import ChatMessage, Game, Seat
from tm_site.exceptions import ApplicationError

from . import emails, selectors, statements
from .models import DEFAULTS, Delivery, Kind, Notification, Preference

logger = logging.getLogger(__name__)
User = get_user_model()

# Decisions that make it "your turn"; the others (leech, town, favor tile, cult…) are decisions.
# Decision categories of the engine contract (games.kinds.contract) that make it "your turn";
# reactions (power offers, tiles a move earned) are "a decision awaits you".
TURN_CATEGORIES = {"turn", "setup"}
MOVES_SHOWN = 40


# --- preferences -----------------------------------------------------------------------------


def preferences_update(*, user, changes: dict[str, dict]) -> dict[str, dict]:
    """Change some kinds: ``{kind: {"enabled"?: bool, "delivery"?: "immediate" | "daily"}}``."""
    current = selectors.preferences_for([user.pk])[user.pk]
    for kind, change in changes.items():
        if kind not in DEFAULTS:
            raise ApplicationError(f"Unknown notification kind {kind!r}.")
        delivery = change.get("delivery", current[kind][1])
        if delivery not in Delivery.values:
            raise ApplicationError(f"delivery must be one of {', '.join(Delivery.values)}.")
        enabled = bool(change.get("enabled", current[kind][0]))
        Preference.objects.update_or_create(
            user=user, kind=kind, defaults={"enabled": enabled, "delivery": delivery}
        )
    return selectors.preferences_view(user)


def unsubscribe(*, token: str) -> tuple[Any, list[str]]:
    """Switch off the kind a mail's unsubscribe link names (or every kind); idempotent."""
    try:
        user_id, kind = emails.unsubscribe_token_read(token)
    except signing.BadSignature as exc:
        raise ApplicationError("This unsubscribe link is not valid.") from exc
    user = User.objects.filter(pk=user_id).first()
    if user is None:
        raise ApplicationError("This unsubscribe link is not valid.")
    kinds = list(DEFAULTS) if kind == emails.ALL_KINDS else [kind]
    preferences_update(user=user, changes={k: {"enabled": False} for k in kinds if k in DEFAULTS})
    return user, kinds


# --- creating --------------------------------------------------------------------------------


def _notify(
    *,
    user,
    kind: str,
    key: str,
    game: Game | None,
    choice: tuple[bool, str],
    subject: str | Promise,
    summary: str | Promise,
    url: str,
    context: Callable[[], dict],
    template: str = "",
) -> Notification | None:
    """The notification with this key, created if the player wants this kind and has an address.

    Written in the player's language: lazy subjects and the templates are rendered under it
    (``template``: a mail of its own under the kind's preference; the kind's by default).
    """
    enabled, delivery = choice
    if not enabled or not user.email:
        return None
    # No lookup of the key first: the event is new but when a task runs again, and then the
    # INSERT refuses the key (a query saved on every mail for a mail composed again rarely).
    with translation.override(language_of(user)):
        composed = emails.compose(
            kind,
            user_id=user.pk,
            name=display_name(user),
            subject=str(subject),
            summary=str(summary),
            url=url,
            template=template,
            **context(),
        )
    status = (
        Notification.Status.DEFERRED if delivery == Delivery.DAILY else Notification.Status.PENDING
    )
    try:
        return _insert(
            user=user,
            kind=kind,
            game=game,
            key=key,
            subject=composed.subject,
            text=composed.text,
            html=composed.html,
            summary=composed.summary,
            url=url,
            status=status,
        )
    except IntegrityError:  # the same event notified concurrently
        return Notification.objects.filter(key=key).first()


def _insert(**fields: Any) -> Notification:
    """One INSERT; a duplicate key raises IntegrityError and leaves the caller's work usable.

    Inside a caller's transaction that takes a savepoint; in autocommit (the worker's tasks) a
    refused INSERT has nothing to roll back, and the BEGIN and COMMIT would be two round trips
    for nothing.
    """
    if transaction.get_connection().in_atomic_block:
        with transaction.atomic():
            return Notification.objects.create(**fields)
    return Notification.objects.create(**fields)


def _to_send(notifications: Iterable[Notification | None]) -> list[int]:
    return [
        n.pk for n in notifications if n is not None and n.status == Notification.Status.PENDING
    ]


def _seats(game: Game) -> list[Seat]:
    return list(game.seats.select_related("user", "user__profile").order_by("position"))


def _player(seat: Seat) -> str:
    return display_name(seat.user)


def _join_decisions(decisions: list[dict]) -> str:
    return "; ".join(names.decision_text(d) for d in decisions)


_decisions_text = lazy(_join_decisions, str)


def move_notify(*, game_id: int, move_number: int, waiting: list[dict]) -> int:
    """After a move: your turn / a decision awaits (to the seats newly waited for), every move;
    each mail stored and sent at once. Returns how many mails this call sent.

    The worker runs it for each move, outside any transaction: the facts in one statement,
    each turn mail's moves in one more, each mail's row stored claimed for sending (a key
    stored before is refused), then marked sent.
    """
    facts = selectors.move_mail_facts(game_id, move_number)
    if facts is None:  # nobody of the game has an address
        return 0
    game, move = facts.game, facts.move
    by_user = {r.user_id: r for r in facts.recipients}
    name = emails.game_name(game)
    url = emails.game_url(game_id)
    sent = 0

    decisions: dict[int, list[dict]] = {}
    for decision in waiting:
        if decision.get("new") and decision.get("user_id") in by_user:
            decisions.setdefault(decision["user_id"], []).append(decision)
    for user_id, theirs in decisions.items():
        recipient = by_user[user_id]
        turn = any(d.get("category") in TURN_CATEGORIES for d in theirs)
        kind = Kind.YOUR_TURN if turn else Kind.DECISION
        if not recipient.choices[kind][0]:
            continue
        with translation.override(recipient.language):
            what = _join_decisions(theirs)
            composed = emails.compose(
                kind,
                user_id=user_id,
                name=recipient.name,
                subject=_("Your turn in {name}").format(name=name) if turn else f"{name}: {what}",
                summary=_("{name}, move {number}: {what}").format(
                    name=name, number=move_number, what=what
                ),
                url=url,
                **_turn_context(game, recipient.seat, move_number, theirs),
            )
        sent += _store_and_send(
            recipient, kind, f"{kind}:{game_id}:{move_number}:{user_id}", composed
        )

    if move is not None:
        for recipient in facts.recipients:
            if recipient.user_id == move.user_id or recipient.user_id in decisions:
                continue
            if not recipient.choices[Kind.MOVE][0]:
                continue
            seen = kinds.command_seen(game.kind, move.actor, move.command, recipient.seat.position)
            line = f"{move.actor or 'admin'}: {seen or move.kind}"
            with translation.override(recipient.language):
                composed = emails.compose(
                    Kind.MOVE,
                    user_id=recipient.user_id,
                    name=recipient.name,
                    subject=f"{name}: {line}"[:120],
                    summary=_("{name}, move {number}: {what}").format(
                        name=name, number=move_number, what=line
                    ),
                    url=url,
                    game=game,
                    game_name=name,
                    move=move,
                    line=line,
                )
            key = f"move:{game_id}:{move_number}:{recipient.user_id}"
            sent += _store_and_send(recipient, Kind.MOVE, key, composed)
    return sent


def _store_and_send(
    recipient: selectors.MoveRecipient, kind: str, key: str, composed: emails.Composed
) -> int:
    """Store one composed mail of a move and send it; 1 if this call sent it.

    The row is inserted claimed already (status ``sending``, as ``notification_deliver``'s
    claim leaves it): nothing else sends it meanwhile, and if this worker dies before marking
    it sent the flush sends it once the claim has expired. A key stored before (the task ran
    twice) inserts nothing; that row is delivered as any other. Daily mails wait, deferred.
    """
    daily = recipient.choices[kind][1] == Delivery.DAILY
    status = Notification.Status.DEFERRED if daily else Notification.Status.SENDING
    game_id = recipient.seat.game_id
    pk = _insert_new(recipient.user_id, kind, game_id, key, composed, status)
    if pk is None:  # stored before: deliver it if it is still to be sent
        existing = Notification.objects.filter(key=key).values_list("pk", "status").first()
        if existing is None or existing[1] != Notification.Status.PENDING:
            return 0
        return int(notification_deliver(existing[0]))
    if daily:
        return 0
    c, to = composed, recipient.email
    mail = emails.message(pk, key, kind, recipient.user_id, to, c.subject, c.text, c.html)
    return int(_send_claimed(pk, key, 1, mail))


def _turn_context(game: Game, seat: Seat, move_number: int, decisions: list[dict]) -> dict:
    """The moves since the player's own last move, their decisions, their time."""
    rows, earlier = selectors.moves_since_own(game.pk, seat.pk, move_number, MOVES_SHOWN)
    moves = [
        {
            "number": number,
            "actor": actor,
            "kind": kind,
            "command": kinds.command_seen(game.kind, actor, command, seat.position),
        }
        for number, actor, kind, command in rows
    ]
    return {
        "game": game,
        "game_name": emails.game_name(game),
        "move_number": move_number,
        "faction": seat.faction,
        "decisions": decisions,
        "moves": moves,
        "earlier_moves": earlier,
        "clock": _clock_text(game, seat),
    }


def _clock_text(game: Game, seat: Seat) -> str:
    state = clock.seat_clock(game, seat)
    if not state or not state["running"]:
        return ""
    left = duration_text(timedelta(seconds=state["time_left"]))
    return _("You have %(left)s to act.") % {"left": left}


def duration_text(value: timedelta) -> str:
    seconds = max(0, int(value.total_seconds()))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min"


def game_started_notify(*, game_id: int) -> list[int]:
    """The game has started: to every player; and "your turn" to whoever must act first."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.started_at is None:
        return []
    seats = _seats(game)
    prefs = selectors.preferences_for(s.user_id for s in seats)
    name = emails.game_name(game)
    url = emails.game_url(game.pk)
    players = [{"position": s.position, "name": _player(s)} for s in seats]
    created = [
        _notify(
            user=seat.user,
            kind=Kind.GAME_STARTED,
            key=f"{Kind.GAME_STARTED}:{game.pk}:{seat.user_id}",
            game=game,
            choice=prefs[seat.user_id][Kind.GAME_STARTED],
            subject=format_lazy(gettext_lazy("{name} has started"), name=name),
            summary=format_lazy(gettext_lazy("{name} has started"), name=name),
            url=url,
            context=partial(
                dict, game=game, game_name=name, players=players, position=seat.position
            ),
        )
        for seat in seats
    ]
    # Who must act first, from the state at the start: the task may run after the first moves.
    engine = kinds.engine_for(game.kind)
    waiting = engine.waiting_for(engine.new_state(game.setup)) if game.setup else []
    by_position = {s.position: s for s in seats}
    for position in dict.fromkeys(d.get("seat") for d in waiting):
        seat = by_position.get(position)
        if seat is None:
            continue
        theirs = [{**d, "user_id": seat.user_id} for d in waiting if d.get("seat") == position]
        created.append(
            _notify(
                user=seat.user,
                kind=Kind.YOUR_TURN,
                key=f"{Kind.YOUR_TURN}:{game.pk}:0:{seat.user_id}",
                game=game,
                choice=prefs[seat.user_id][Kind.YOUR_TURN],
                subject=format_lazy(gettext_lazy("Your turn in {name}"), name=name),
                summary=format_lazy(gettext_lazy("{name}: you are the first to act"), name=name),
                url=url,
                context=partial(_turn_context, game, seat, 0, theirs),
            )
        )
    return _to_send(created)


def chat_notify(*, message_id: int) -> list[int]:
    message = ChatMessage.objects.filter(pk=message_id).select_related("game", "user").first()
    if message is None:
        return []
    game = message.game
    seats = [s for s in _seats(game) if s.user_id != message.user_id]
    name = emails.game_name(game)
    author = display_name(message.user)
    return _to_every_seat(
        game,
        seats,
        kind=Kind.CHAT,
        key=f"{Kind.CHAT}:{message.pk}",
        subject=f"{author} in {name}: {message.text[:60]}",
        summary=f"{author} in {name}: {message.text[:200]}",
        context={"game": game, "game_name": name, "author": author, "message": message},
    )


def game_aborted_notify(*, game_id: int, reason: str) -> list[int]:
    """A game ended without a result: to every player (under their game-over preference)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.ABORTED:
        return []
    name = emails.game_name(game)
    return _to_every_seat(
        game,
        _seats(game),
        kind=Kind.GAME_OVER,
        key=f"aborted:{game.pk}",
        subject=format_lazy(gettext_lazy("{name} was aborted"), name=name),
        summary=format_lazy(gettext_lazy("{name} was aborted: {reason}"), name=name, reason=reason),
        context={"game": game, "game_name": name, "aborted": reason},
    )


def _to_every_seat(
    game: Game,
    seats: list,
    *,
    kind: str,
    key: str,
    subject: str | Promise,
    summary: str | Promise,
    context: dict,
) -> list[int]:
    """The same notification to each of ``seats``, keyed per player, by their preferences."""
    prefs = selectors.preferences_for(s.user_id for s in seats)
    return _to_send(
        _notify(
            user=seat.user,
            kind=kind,
            key=f"{key}:{seat.user_id}",
            game=game,
            choice=prefs[seat.user_id][kind],
            subject=subject,
            summary=summary,
            url=emails.game_url(game.pk),
            context=lambda: context,
        )
        for seat in seats
    )


def game_over_notify(*, game_id: int) -> list[int]:
    """The final ranking, VP by source and rating changes, to every player of a finished game."""
    from ratings.selectors import game_rating_changes

    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.FINISHED or game.finished_at is None:
        return []
    seats = _seats(game)
    prefs = selectors.preferences_for(s.user_id for s in seats)
    changes = game_rating_changes(game.pk)
    name = emails.game_name(game)
    ranking = [
        {
            "rank": s.rank,
            "name": _player(s),
            "user_id": s.user_id,
            "faction": s.faction,
            "vp": s.final_vp,
            "dropped": s.dropped,
            "breakdown": sorted((s.vp_breakdown or {}).items(), key=lambda kv: -kv[1]),
            "rating": _rating_text(changes.get(s.user_id)),
        }
        for s in sorted(seats, key=lambda s: (s.rank or 99, s.position))
    ]
    finished = int(game.finished_at.timestamp())
    created = []
    for seat in seats:
        place = (
            format_lazy(gettext_lazy("you finished {place}"), place=ordinal_lazy(seat.rank))
            if seat.rank
            else gettext_lazy("the final ranking")
        )
        created.append(
            _notify(
                user=seat.user,
                kind=Kind.GAME_OVER,
                key=f"{Kind.GAME_OVER}:{game.pk}:{finished}:{seat.user_id}",
                game=game,
                choice=prefs[seat.user_id][Kind.GAME_OVER],
                subject=format_lazy(
                    gettext_lazy("{name} is over: {place}"), name=name, place=place
                ),
                summary=format_lazy(
                    gettext_lazy("{name} is over: {place} with {vp} VP"),
                    name=name,
                    place=place,
                    vp=seat.final_vp,
                ),
                url=emails.game_url(game.pk),
                context=partial(dict, game=game, game_name=name, ranking=ranking, me=seat.user_id),
            )
        )
    return _to_send(created)


def _rating_text(change) -> str:
    if change is None:
        return ""
    return f"{change.rating_before:.0f} → {change.rating_after:.0f} ({change.delta:+.1f})"


def ordinal(n: int | None) -> str:
    """A place in the active language: "1st" in English, "1." in German."""
    if n is None:
        return "-"
    suffixes = {
        1: pgettext("ordinal suffix of 1", "st"),
        2: pgettext("ordinal suffix of 2", "nd"),
        3: pgettext("ordinal suffix of 3", "rd"),
    }
    other = pgettext("ordinal suffix", "th")
    suffix = other if 10 <= n % 100 <= 20 else suffixes.get(n % 10, other)
    return f"{n}{suffix}"


ordinal_lazy = lazy(ordinal, str)


def reminder_notify(reminder: clock.Reminder, now: datetime | None = None) -> list[int]:
    """About half, or 90 %, of the player's time for this wait is gone."""
    game = Game.objects.get(pk=reminder.game_id)
    user = User.objects.select_related("profile").get(pk=reminder.user_id)
    choice = selectors.preferences_for([user.pk])[user.pk][Kind.TIME]
    left = duration_text(reminder.deadline_at - (now or timezone.now()))
    name = emails.game_name(game)
    since = int(reminder.waiting_since.timestamp())
    notification = _notify(
        user=user,
        kind=Kind.TIME,
        key=f"{Kind.TIME}:{reminder.seat_id}:{since}:{reminder.number}",
        game=game,
        choice=choice,
        subject=format_lazy(gettext_lazy("{name}: {left} left to act"), name=name, left=left),
        summary=format_lazy(gettext_lazy("{name}: {left} left to act"), name=name, left=left),
        url=emails.game_url(game.pk),
        context=lambda: {
            "game": game,
            "game_name": name,
            "left": left,
            "deadline": reminder.deadline_at,
            "timed_out": False,
        },
    )
    return _to_send([notification])


def time_out_notify(timeout: timeouts.TimeOut) -> list[int]:
    """The player ran out of time and was dropped (or the game aborted)."""
    game = Game.objects.get(pk=timeout.game_id)
    user = User.objects.select_related("profile").get(pk=timeout.user_id)
    choice = selectors.preferences_for([user.pk])[user.pk][Kind.TIME]
    name = emails.game_name(game)
    if timeout.aborted:
        what = gettext_lazy("the game was aborted")
    elif kinds.engine_for(game.kind).info.role_name == "faction":
        what = gettext_lazy("your faction left the game")
    else:  # seats of other kinds play a colour, or nothing, not a faction
        what = gettext_lazy("you left the game")
    notification = _notify(
        user=user,
        kind=Kind.TIME,
        key=f"timeout:{timeout.seat_id}:{timeout.move_number}",
        game=game,
        choice=choice,
        subject=format_lazy(gettext_lazy("{name}: you ran out of time"), name=name),
        summary=format_lazy(
            gettext_lazy("{name}: you ran out of time; {what}"), name=name, what=what
        ),
        url=emails.game_url(game.pk),
        context=lambda: {"game": game, "game_name": name, "timed_out": True, "what": what},
    )
    return _to_send([notification])


def premoves_cancelled_notify(
    *, game: Game, user_id: int, move_number: int, command: str, reason: str
) -> list[int]:
    """The rules refused a player's premove when their turn came, and the queue was cancelled:
    under their "your turn" preference (the game now waits for them). Created in the move's
    transaction; returns the notifications to send after it."""
    user = User.objects.select_related("profile").get(pk=user_id)
    choice = selectors.preferences_for([user.pk])[user.pk][Kind.YOUR_TURN]
    name = emails.game_name(game)
    notification = _notify(
        user=user,
        kind=Kind.YOUR_TURN,
        key=f"premoves_cancelled:{game.pk}:{move_number}:{user.pk}",
        game=game,
        choice=choice,
        subject=format_lazy(gettext_lazy("{name}: your premoves were cancelled"), name=name),
        summary=format_lazy(
            gettext_lazy("{name}: your premove {command} was not played"),
            name=name,
            command=command,
        ),
        url=emails.game_url(game.pk),
        template="premoves_cancelled",
        context=lambda: {
            "game": game,
            "game_name": name,
            "command": command,
            "reason": reason,
            "move_number": move_number,
        },
    )
    return _to_send([notification])


def _digest_subject(count: int) -> str:
    return ngettext(
        "Your games: %(count)s notification", "Your games: %(count)s notifications", count
    ) % {"count": count}


# Worded by ``_notify`` in the recipient's language.
digest_subject = lazy(_digest_subject, str)


def digests_build() -> list[int]:
    """One digest per player of everything deferred for it; returns the digests to send."""
    out = []
    for user_id in selectors.users_with_deferred():
        with transaction.atomic():
            items = list(
                Notification.objects.select_for_update()
                .filter(user_id=user_id, status=Notification.Status.DEFERRED)
                .order_by("id")
            )
            if not items:
                continue
            user = User.objects.select_related("profile").get(pk=user_id)
            key = f"digest:{user_id}:{items[-1].pk}"
            count = len(items)
            digest = _notify(
                user=user,
                kind=Notification.DIGEST,
                key=key,
                game=None,
                choice=(True, Delivery.IMMEDIATE),
                subject=digest_subject(count),
                summary="",
                url=emails.site_url("/"),
                context=partial(dict, items=items),
            )
            if digest is None:  # the address was removed meanwhile
                continue
            Notification.objects.filter(pk__in=[n.pk for n in items]).update(
                status=Notification.Status.DIGESTED, digest=digest
            )
            out.extend(_to_send([digest]))
    return out


# --- delivering ------------------------------------------------------------------------------


def notification_deliver(notification_id: int, now: datetime | None = None) -> bool:
    """Send one notification unless it has been sent or another worker is sending it.

    The claim (status ``sending``) is taken in one UPDATE, which reads the mail and its address
    too, so a duplicated or retried task finds it taken and sends nothing. A claim whose worker
    died is taken over after NOTIFICATIONS_SEND_LEASE seconds. Returns True if this call sent
    the mail.
    """
    now = now or timezone.now()
    stale = now - timedelta(seconds=settings.NOTIFICATIONS_SEND_LEASE)
    with statements.cursor() as cursor:
        cursor.execute(
            _claim_sql(connection.vendor),
            [
                Notification.Status.SENDING,
                statements.adapt(now),
                notification_id,
                Notification.Status.PENDING,
                Notification.Status.SENDING,
                statements.adapt(stale),
            ],
        )
        row = cursor.fetchone()
    if row is None:
        return False
    key, kind, user_id, subject, text, html, attempts, email = row
    if not email:
        _failed(notification_id, key, attempts, ValueError("the player has no e-mail address"))
        return False
    mail = emails.message(notification_id, key, kind, user_id, email, subject, text, html)
    return _send_claimed(notification_id, key, attempts, mail)


def _send_claimed(pk: int, key: str, attempts: int, mail: EmailMessage) -> bool:
    """Send a claimed notification's mail; mark it sent, or to be sent again (or given up)."""
    try:
        emails.send(mail)
    except Exception as exc:
        _failed(pk, key, attempts, exc)
        return False
    with statements.cursor() as cursor:
        cursor.execute(
            _sent_sql(connection.vendor),
            [Notification.Status.SENT, statements.adapt(timezone.now()), pk],
        )
    return True


def _failed(pk: int, key: str, attempts: int, exc: Exception) -> None:
    gave_up = attempts >= settings.NOTIFICATIONS_MAX_ATTEMPTS
    Notification.objects.filter(pk=pk, status=Notification.Status.SENDING).update(
        status=Notification.Status.FAILED if gave_up else Notification.Status.PENDING,
        error=f"{type(exc).__name__}: {exc}"[:1000],
    )
    logger.warning("Notification %s not sent: %s", key, exc)


# The worker's statements of a mail, written out (statements.py says why).


def _n(*names: str) -> list[str]:
    return [statements.column(Notification, name) for name in names]


@functools.cache
def _claim_sql(vendor: str) -> str:
    status, claimed_at, attempts, pk, user = _n("status", "claimed_at", "attempts", "id", "user")
    read = ", ".join(_n("key", "kind", "user", "subject", "text", "html", "attempts"))
    email, user_pk = (statements.column(User, name) for name in ("email", "id"))
    return (
        f"UPDATE {statements.table(Notification)} SET {status} = %s, {claimed_at} = %s, "
        f"{attempts} = {attempts} + 1 WHERE {pk} = %s AND ({status} = %s OR "
        f"({status} = %s AND {claimed_at} < %s)) RETURNING {read}, "
        f"(SELECT {email} FROM {statements.table(User)} WHERE {user_pk} = {user})"
    )


@functools.cache
def _sent_sql(vendor: str) -> str:
    status, sent_at, error, pk = _n("status", "sent_at", "error", "id")
    return (
        f"UPDATE {statements.table(Notification)} SET {status} = %s, {sent_at} = %s, "
        f"{error} = '' WHERE {pk} = %s"
    )


# The columns _insert_new gives, in its order.
_INSERTED = "user kind game key subject text html summary url status created_at claimed_at"
_INSERTED_NAMES = (*_INSERTED.split(), "attempts", "error")


@functools.cache
def _insert_sql(vendor: str) -> str:
    key, pk = _n("key", "id")
    return (
        f"INSERT INTO {statements.table(Notification)} ({', '.join(_n(*_INSERTED_NAMES))}) "
        f"VALUES ({', '.join(['%s'] * len(_INSERTED_NAMES))}) "
        f"ON CONFLICT ({key}) DO NOTHING RETURNING {pk}"
    )


def _insert_new(
    user_id: int, kind: str, game_id: int, key: str, composed: emails.Composed, status: str
) -> int | None:
    """INSERT one notification (claimed now, if ``sending``); its id, or None if the key is
    stored already."""
    now = statements.adapt(timezone.now())
    claimed = status == Notification.Status.SENDING
    with statements.cursor() as cursor:
        cursor.execute(
            _insert_sql(connection.vendor),
            [
                user_id,
                kind,
                game_id,
                key,
                composed.subject,
                composed.text,
                composed.html,
                composed.summary,
                composed.url,
                status,
                now,
                now if claimed else None,
                int(claimed),
                "",
            ],
        )
        row = cursor.fetchone()
    return None if row is None else row[0]


def notifications_deliver(notification_ids: Iterable[int]) -> int:
    """Send each; a failure leaves that one for ``notifications_flush``. Returns how many went."""
    return sum(notification_deliver(pk) for pk in notification_ids)


def notifications_purge(now: datetime | None = None) -> int:
    """Delete what was sent (or given up) more than NOTIFICATIONS_KEEP_DAYS ago."""
    cutoff = (now or timezone.now()) - timedelta(days=settings.NOTIFICATIONS_KEEP_DAYS)
    done = [Notification.Status.SENT, Notification.Status.DIGESTED, Notification.Status.FAILED]
    deleted, _ = Notification.objects.filter(status__in=done, created_at__lt=cutoff).delete()
    return deleted


# --- the profile's e-mail switches (accounts.extensions) ---------------------------------------

# Each switch of the profile API stands for notification kinds; it reads as its first kind.
PROFILE_SWITCHES = {
    "notify_your_turn": (Kind.YOUR_TURN, Kind.DECISION),
    "notify_chat": (Kind.CHAT,),
    "notify_game_end": (Kind.GAME_OVER,),
}


def profile_switches_read(user) -> dict[str, bool]:
    choices = selectors.preferences_for([user.pk])[user.pk]
    return {name: choices[kinds[0]][0] for name, kinds in PROFILE_SWITCHES.items()}


def profile_switches_write(user, switches: dict[str, bool]) -> None:
    changes: dict[str, dict] = {
        kind: {"enabled": enabled}
        for name, enabled in switches.items()
        for kind in PROFILE_SWITCHES[name]
    }
    preferences_update(user=user, changes=changes)
