"""Writes of the leagues app: leagues, seasons, sign-ups, season start and end, drops.

What a season does at its start, when a game ends, at a deadline and at its end is the league's
format's (``leagues.formats``: divisions, Swiss, knockout); this module keeps what they share.

Organiser actions take the acting ``user`` (staff or a league admin); scheduled tasks call the
same functions with ``user=None``, acting for the league. Every rule the organiser can break
raises an ``ApplicationError`` with a readable message.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from games import clock as game_clock
from games import kinds
from games import services as game_services
from games.models import Game, Seat
from tm_site.exceptions import ApplicationError, Conflict, Forbidden, NotFound

from . import scheduling, selectors
from . import standings as standings_rules
from .formats import format_for
from .formats.base import check_game_settings, unfinished_games
from .formats.divisions import refresh_group
from .models import (
    LEAGUE_NAME,
    ORIGINAL_MAP_ID,
    Group,
    League,
    LeagueGame,
    Membership,
    Season,
    SignUp,
)

User = get_user_model()
logger = logging.getLogger(__name__)

SETTINGS = (
    "description",
    "players_per_game",
    "options",
    "map_id",
    "time_control",
    "move_time_limit",
    "clock_initial",
    "clock_bonus",
    "group_size",
    "cycles",
    "points_table",
    "promote_count",
    "relegate_count",
    "division_growth",
    "signup_period",
    "auto_end",
    "renew_signups",
    "bot_handover",
    "rounds",
    "advance",
    "round_time",
)
# Settings that shape the games and groups of a season: fixed once the league has played.
STRUCTURAL = ("players_per_game", "rounds", "advance")


# --- helpers ---------------------------------------------------------------------------------


def require_organiser(league: League, user) -> None:
    if user is None:
        return  # the league's own scheduled work
    if not user.is_authenticated:
        raise Forbidden("Log in to organise a league.")
    if not selectors.is_organiser(league, user):
        raise Forbidden(f"Only staff and the admins of {league.name} can do that.")


def organiser_hand_over_right(game: Game, user) -> bool | str | None:
    """Whether ``user`` may hand a seat of this league game to the computer as its organiser
    (bots.services.seat_hand_over): only where the league allows it (``bot_handover``)."""
    league_game = (
        LeagueGame.objects.filter(game=game)
        .select_related("group__division__season__league")
        .first()
    )
    if league_game is None or not user.is_authenticated:
        return None
    league = league_game.group.division.season.league
    if not selectors.is_organiser(league, user):
        return None
    if not league.bot_handover:
        return _(
            "%(league)s does not let its organisers hand seats to the computer "
            "(the league setting bot_handover)."
        ) % {"league": league.name}
    return True


def _locked_season(season_id: int) -> Season:
    season = Season.objects.select_for_update().filter(pk=season_id).first()
    if season is None:
        raise NotFound(f"No season {season_id}.")
    season.league = League.objects.get(pk=season.league_id)
    return season


def _clean_settings(values: dict[str, Any], current: League | None = None) -> dict[str, Any]:
    """Check league settings together (some depend on others); returns the cleaned values."""
    merged = {f: getattr(current, f) for f in SETTINGS} if current else {}
    merged.update(values)
    k = merged.get("players_per_game")
    if not isinstance(k, int) or not (
        scheduling.MIN_PLAYERS_PER_GAME <= k <= scheduling.MAX_PLAYERS_PER_GAME
    ):
        raise ApplicationError(
            f"players_per_game must be between {scheduling.MIN_PLAYERS_PER_GAME} "
            f"and {scheduling.MAX_PLAYERS_PER_GAME}."
        )
    options = list(dict.fromkeys(str(o) for o in merged.get("options") or []))
    kind = current.kind if current else merged.get("kind", kinds.DEFAULT_KIND)
    info = kinds.engine_for(kind).info
    if k not in info.player_counts:
        raise ApplicationError(f"{info.name} is not played by {k} players.")
    map_id = merged.get("map_id") or ORIGINAL_MAP_ID
    check_game_settings(kind, [k], options, map_id)
    values_out = dict(values)
    values_out.pop("kind", None)
    values_out.pop("format", None)
    if "options" in values:
        values_out["options"] = options
    league_format = current.format if current else merged.get("format", "divisions")
    values_out.update(format_for(league_format).clean(merged))
    table = merged.get("points_table") or []
    if table:
        try:
            standings_rules.validate_points_table(table, k)
        except ValueError as exc:
            raise ApplicationError(f"points_table: {exc}") from exc
    period = merged.get("signup_period")
    if period is not None and period <= timedelta(0):
        raise ApplicationError("signup_period must be positive.")
    if TIMING & set(values):
        values_out.update(_clean_time_control(values, merged))
    return values_out


TIMING = {"time_control", "move_time_limit", "clock_initial", "clock_bonus"}


def _clean_time_control(values: dict[str, Any], merged: dict[str, Any]) -> dict[str, Any]:
    """The games' own rules for time controls; without an explicit kind, the values just given
    decide it (a deadline per move or a chess clock)."""
    kind = values.get("time_control")
    if kind is None:
        if values.get("move_time_limit"):
            kind = "move"
        elif values.get("clock_initial"):
            kind = "chess"
        else:
            kind = merged.get("time_control") or "none"
    try:
        control = game_clock.time_control_clean(
            kind=kind,
            move_time_limit=merged.get("move_time_limit"),
            clock_initial=merged.get("clock_initial"),
            clock_bonus=merged.get("clock_bonus"),
        )
    except ApplicationError as exc:
        raise ApplicationError(f"time control: {exc.message}") from exc
    return {
        "time_control": control.kind,
        "move_time_limit": control.move_time_limit,
        "clock_initial": control.clock_initial,
        "clock_bonus": control.clock_bonus,
    }


# --- leagues ---------------------------------------------------------------------------------


def league_create(
    *,
    user,
    name: str,
    players_per_game: int,
    kind: str = kinds.DEFAULT_KIND,
    format: str = League.Format.DIVISIONS,
    **settings: Any,
) -> League:
    """Staff create leagues of one game kind and one format; the creator becomes its first
    admin and creates its games."""
    if not (user.is_authenticated and user.is_staff):
        raise Forbidden("Only staff can create leagues.")
    unknown = set(settings) - set(SETTINGS)
    if unknown:
        raise ApplicationError(f"Unknown league setting {sorted(unknown)[0]!r}.")
    if not re.fullmatch(LEAGUE_NAME.regex, name or ""):
        raise ApplicationError(f"name: {LEAGUE_NAME.message}")
    if format not in League.Format.values:
        raise ApplicationError(
            f"format must be one of {', '.join(League.Format.values)}, not {format!r}."
        )
    values = _clean_settings(
        {"players_per_game": players_per_game, "kind": kind, "format": format, **settings}
    )
    with transaction.atomic():
        if League.objects.filter(name__iexact=name).exists():
            raise ApplicationError(f"There is already a league named {name!r}.")
        league = League.objects.create(
            name=name, kind=kind, format=format, created_by=user, **values
        )
        league.admins.add(user)
    return league


def league_update(*, league_id: int, user, **changes: Any) -> League:
    unknown = set(changes) - set(SETTINGS)
    if unknown:
        raise ApplicationError(f"Unknown league setting {sorted(unknown)[0]!r}.")
    with transaction.atomic():
        league = League.objects.select_for_update().filter(pk=league_id).first()
        if league is None:
            raise NotFound(f"No league {league_id}.")
        require_organiser(league, user)
        started = league.seasons.exclude(
            status__in=[Season.Status.DRAFT, Season.Status.SIGNUP, Season.Status.CLOSED]
        )
        for name in STRUCTURAL:
            if name in changes and changes[name] != getattr(league, name) and started.exists():
                raise ApplicationError(f"{name} cannot change once a season has started.")
        values = _clean_settings(changes, current=league)
        for name, value in values.items():
            setattr(league, name, value)
        league.save()
    return league


def league_admin_add(*, league_id: int, user, username: str) -> League:
    league = selectors.league_get(league_id)
    require_organiser(league, user)
    league.admins.add(selectors.user_get(username))
    return league


def league_admin_remove(*, league_id: int, user, username: str) -> League:
    league = selectors.league_get(league_id)
    require_organiser(league, user)
    admin = selectors.user_get(username)
    if not league.admins.filter(pk=admin.pk).exists():
        raise NotFound(f"{username} is not an admin of {league.name}.")
    if league.admins.count() == 1:
        raise ApplicationError("A league keeps at least one admin.")
    league.admins.remove(admin)
    return league


# --- seasons ---------------------------------------------------------------------------------


def _check_dates(opens: datetime | None, closes: datetime | None, starts: datetime | None) -> None:
    if opens and closes and closes < opens:
        raise ApplicationError("signup_closes_at must not be before signup_opens_at.")
    if closes and starts and starts < closes:
        raise ApplicationError("starts_at must not be before signup_closes_at.")
    if opens and starts and starts < opens:
        raise ApplicationError("starts_at must not be before signup_opens_at.")


def season_create(
    *,
    league_id: int,
    user,
    signup_opens_at: datetime | None = None,
    signup_closes_at: datetime | None = None,
    starts_at: datetime | None = None,
    open_signup: bool = False,
) -> Season:
    """Announce the league's next season (only one can be in preparation at a time)."""
    _check_dates(signup_opens_at, signup_closes_at, starts_at)
    with transaction.atomic():
        league = League.objects.select_for_update().filter(pk=league_id).first()
        if league is None:
            raise NotFound(f"No league {league_id}.")
        require_organiser(league, user)
        pending = league.seasons.filter(
            status__in=[Season.Status.DRAFT, Season.Status.SIGNUP, Season.Status.CLOSED]
        ).first()
        if pending is not None:
            raise ApplicationError(
                f"Season {pending.number} is already in preparation ({pending.get_status_display()})."
            )
        number = (league.seasons.aggregate(n=Max("number"))["n"] or 0) + 1
        return Season.objects.create(
            league=league,
            number=number,
            status=Season.Status.SIGNUP if open_signup else Season.Status.DRAFT,
            signup_opens_at=timezone.now() if open_signup else signup_opens_at,
            signup_closes_at=signup_closes_at,
            starts_at=starts_at,
        )


def season_update(*, season_id: int, user, **dates: datetime | None) -> Season:
    """Change the sign-up window or start of a season that has not started."""
    unknown = set(dates) - {"signup_opens_at", "signup_closes_at", "starts_at"}
    if unknown:
        raise ApplicationError(f"Unknown season field {sorted(unknown)[0]!r}.")
    with transaction.atomic():
        season = _locked_season(season_id)
        require_organiser(season.league, user)
        if season.status in (Season.Status.RUNNING, Season.Status.FINISHED):
            raise ApplicationError(f"Season {season.number} has already started.")
        for name, value in dates.items():
            setattr(season, name, value)
        _check_dates(season.signup_opens_at, season.signup_closes_at, season.starts_at)
        season.save()
    return season


def signup_open(*, season_id: int, user=None) -> Season:
    with transaction.atomic():
        season = _locked_season(season_id)
        require_organiser(season.league, user)
        if season.status not in (Season.Status.DRAFT, Season.Status.CLOSED):
            raise ApplicationError(
                f"Sign-up cannot open: season {season.number} is {season.get_status_display()}."
            )
        season.status = Season.Status.SIGNUP
        if season.signup_opens_at is None or season.signup_opens_at > timezone.now():
            season.signup_opens_at = timezone.now()
        if season.signup_closes_at and season.signup_closes_at <= timezone.now():
            season.signup_closes_at = None  # reopened by hand: the old deadline has passed
        season.save()
    return season


def signup_close(*, season_id: int, user=None) -> Season:
    with transaction.atomic():
        season = _locked_season(season_id)
        require_organiser(season.league, user)
        if season.status != Season.Status.SIGNUP:
            raise ApplicationError(
                f"Sign-up is not open: season {season.number} is {season.get_status_display()}."
            )
        season.status = Season.Status.CLOSED
        season.signup_closes_at = timezone.now()
        season.save()
    return season


def signup_add(*, season_id: int, user, username: str | None = None) -> SignUp:
    """Sign up for a season: yourself while sign-up is open, or anyone (organisers) until it starts."""
    if not user.is_authenticated:
        raise Forbidden("Log in to sign up.")
    with transaction.atomic():
        season = _locked_season(season_id)
        player = user if not username or username == user.username else None
        allowed: tuple[str, ...]
        if player is None:
            require_organiser(season.league, user)
            player = selectors.user_get(username or "")
            allowed = (Season.Status.DRAFT, Season.Status.SIGNUP, Season.Status.CLOSED)
        else:
            allowed = (Season.Status.SIGNUP,)
        if season.status not in allowed:
            raise ApplicationError(
                f"Sign-up for season {season.number} is not open "
                f"(the season is {season.get_status_display()})."
            )
        if not player.is_active:
            raise ApplicationError(f"{player.username} cannot play: the account is inactive.")
        if season.signups.filter(user=player).exists():
            raise Conflict(f"{player.username} is already signed up for season {season.number}.")
        try:
            with transaction.atomic():
                return SignUp.objects.create(season=season, user=player)
        except IntegrityError as exc:
            raise Conflict(f"{player.username} is already signed up.") from exc


def signup_remove(*, season_id: int, user, username: str | None = None) -> None:
    """Withdraw a sign-up: your own while sign-up is open, anyone's (organisers) until the start."""
    if not user.is_authenticated:
        raise Forbidden("Log in to withdraw.")
    with transaction.atomic():
        season = _locked_season(season_id)
        own = not username or username == user.username
        if not own:
            require_organiser(season.league, user)
        player = user if own else selectors.user_get(username or "")
        if own and not selectors.is_organiser(season.league, user):
            allowed: Sequence[str] = (Season.Status.SIGNUP,)
        else:
            allowed = (Season.Status.DRAFT, Season.Status.SIGNUP, Season.Status.CLOSED)
        if season.status not in allowed:
            raise ApplicationError(
                f"Sign-ups of season {season.number} can no longer change "
                f"(the season is {season.get_status_display()})."
            )
        deleted, _ = season.signups.filter(user=player).delete()
        if not deleted:
            raise NotFound(f"{player.username} is not signed up for season {season.number}.")


# --- season start: placement and games -------------------------------------------------------

_MOVE = {Membership.Movement.PROMOTED: -1, Membership.Movement.RELEGATED: 1}
# Within the division a player should play in next: those who stay, then those relegated into
# it, then those promoted into it, so vacancies above are filled by the best who stayed below
# and a surplus (fewer groups than last season) holds back promotions first.
_ORDER_IN_DIVISION = {
    Membership.Movement.STAYED: 0,
    Membership.Movement.RELEGATED: 1,
    Membership.Movement.PROMOTED: 2,
}


def ladder(season: Season) -> list[tuple[Any, Membership | None]]:
    """The season's sign-ups, best first: (user, last season's membership or None)."""
    signups = list(season.signups.select_related("user").order_by("created_at", "id"))
    previous = Season.objects.filter(
        league=season.league, number=season.number - 1, status=Season.Status.FINISHED
    ).first()
    last: dict[int, Membership] = {}
    if previous is not None:
        last = {
            m.user_id: m
            for m in Membership.objects.filter(
                season=previous, final_position__isnull=False
            ).select_related("group__division")
        }
    returning = [(s, last[s.user_id]) for s in signups if s.user_id in last]
    newcomers = [s for s in signups if s.user_id not in last]

    def returning_key(item: tuple[SignUp, Membership]) -> tuple:
        signup, m = item
        movement = Membership.Movement(m.movement or Membership.Movement.STAYED)
        target = max(1, m.group.division.level + _MOVE.get(movement, 0))
        return (
            target,
            _ORDER_IN_DIVISION[movement],
            m.final_position,
            -m.points,
            -m.vp,
            m.group.number,
            signup.created_at,
            signup.pk,
        )

    returning.sort(key=returning_key)
    ratings = selectors.ratings_of((s.user_id for s in newcomers), season.league.kind)
    start = _start_rating()
    newcomers.sort(key=lambda s: (-ratings.get(s.user_id, start), s.created_at, s.pk))
    return [(s.user, m) for s, m in returning] + [(s.user, None) for s in newcomers]


def _start_rating() -> float:
    from ratings.conf import elo_params

    return elo_params().start


def season_start(*, season_id: int, user=None) -> Season:
    """Close sign-up, seat the players as the league's format does (divisions and groups with
    every game, or a tournament's first round) and create their games."""
    with transaction.atomic():
        season = _locked_season(season_id)
        league = season.league
        require_organiser(league, user)
        if season.status not in (Season.Status.SIGNUP, Season.Status.CLOSED):
            raise ApplicationError(
                f"Season {season.number} cannot start: it is {season.get_status_display()}."
            )
        earlier = (
            league.seasons.filter(number__lt=season.number)
            .exclude(status=Season.Status.FINISHED)
            .order_by("number")
            .first()
        )
        if earlier is not None:
            raise ApplicationError(f"Season {earlier.number} has not ended yet.")
        players = ladder(season)
        k = league.players_per_game
        if len(players) < k:
            raise ApplicationError(
                f"Season {season.number} needs at least {k} players and has {len(players)}."
            )
        format_for(league).start(season, players)
        season.status = Season.Status.RUNNING
        season.started_at = timezone.now()
        if season.signup_closes_at is None or season.signup_closes_at > season.started_at:
            season.signup_closes_at = season.started_at
        season.save()
    return season


# --- during the season -----------------------------------------------------------------------


def standings_refresh(*, group_id: int) -> list[selectors.StandingRow]:
    """Store a division group's live standings on its memberships (a running season only)."""
    return refresh_group(group_id)


def season_is_complete(season: Season) -> bool:
    return format_for(season.league).is_complete(season)


def _unfinished_games(season: Season):
    return unfinished_games(season)


def league_game_finished(*, game_id: int) -> dict[str, Any]:
    """A league game has ended: the format refreshes the standings (and a tournament pairs its
    next round when this was the last game of the round); the season ends if it is complete
    and the league ends seasons by itself."""
    league_game = (
        LeagueGame.objects.filter(game_id=game_id).select_related("group__division__season").first()
    )
    if league_game is None:
        return {"league_game": False}
    with transaction.atomic():
        # One game's end at a time per season: the last two games of a round may end together.
        season = _locked_season(league_game.group.division.season_id)
        format_for(season.league).game_finished(season, league_game)
    ended = False
    if (
        season.status == Season.Status.RUNNING
        and season.league.auto_end
        and season_is_complete(season)
    ):
        season_end(season_id=season.pk)
        ended = True
    return {"league_game": True, "group_id": league_game.group_id, "season_ended": ended}


def member_drop(
    *, group_id: int, user, username: str, replacement: str | None = None
) -> Membership:
    """A player leaves the league during a season.

    With a ``replacement``, that player takes over the leaver's seats in every game still
    running (their finished games keep their results). Without one, the leaver's factions are
    dropped (the engine's drop-faction) and the games continue without them.
    """
    with transaction.atomic():
        group = Group.objects.select_for_update().filter(pk=group_id).first()
        if group is None:
            raise NotFound(f"No group {group_id}.")
        group = selectors.group_get(group_id)
        season = group.division.season
        require_organiser(season.league, user)
        if season.status != Season.Status.RUNNING:
            raise ApplicationError(f"Season {season.number} is not running.")
        member = (
            Membership.objects.select_for_update()
            .filter(group=group, user__username=username)
            .select_related("user")
            .first()
        )
        if member is None:
            raise NotFound(f"{username} is not a member of {group}.")
        if member.status != Membership.Status.ACTIVE:
            raise ApplicationError(f"{username} has already left ({member.get_status_display()}).")
        running = list(
            Game.objects.select_for_update(of=("self",))
            .filter(
                league_game__group=group,
                status=Game.Status.RUNNING,
                seats__user=member.user,
                seats__dropped=False,
            )
            .order_by("league_game__number")
        )
        seats = {
            s.game_id: s
            for s in Seat.objects.filter(game__in=running, user=member.user).select_related("game")
        }
        if replacement:
            _replace(season, group, member, replacement, running)
            member.status = Membership.Status.REPLACED
            member.save(update_fields=["status"])
            logger.info("%s replaced by %s in %s", username, replacement, group)
        else:
            waiting = [g.name for g in running if not seats[g.pk].faction]
            if waiting:
                raise ApplicationError(
                    f"{username} has not chosen a faction yet in {waiting[0]}: "
                    "without a faction the game cannot continue, so name a replacement."
                )
            member.status = Membership.Status.DROPPED
            member.save(update_fields=["status"])
            for game in running:
                game_services.faction_drop_for_league(
                    game_id=game.pk, faction=seats[game.pk].faction, organiser=user
                )
    return member


def _replace(
    season: Season, group: Group, member: Membership, username: str, running: list[Game]
) -> Membership:
    newcomer = selectors.user_get(username)
    if not newcomer.is_active:
        raise ApplicationError(f"{username} cannot play: the account is inactive.")
    if Membership.objects.filter(season=season, user=newcomer).exists():
        raise ApplicationError(f"{username} already plays in season {season.number}.")
    # The seat changes hands; the faction, its state and the move log stay as they are.
    Seat.objects.filter(game__in=running, user=member.user, dropped=False).update(user=newcomer)
    return Membership.objects.create(
        season=season,
        group=group,
        user=newcomer,
        seed=member.seed,
        arrival=Membership.Arrival.REPLACEMENT,
        replaces=member,
    )


# --- season end ------------------------------------------------------------------------------


def season_end(*, season_id: int, user=None) -> Season:
    """Fix the final standings, promote and relegate, and open the next season's sign-up."""
    with transaction.atomic():
        season = _locked_season(season_id)
        league = season.league
        require_organiser(league, user)
        if season.status != Season.Status.RUNNING:
            raise ApplicationError(
                f"Season {season.number} is not running ({season.get_status_display()})."
            )
        unfinished = list(
            _unfinished_games(season).select_related("game").order_by("game__name")[:4]
        )
        if unfinished:
            count = _unfinished_games(season).count()
            raise ApplicationError(
                f"{count} game(s) of season {season.number} are still running: "
                + ", ".join(lg.game.name for lg in unfinished)
                + (", …" if count > len(unfinished) else "")
                + ". Finish them (or drop their idle players) first."
            )
        format_for(league).finalise(season)
        season.status = Season.Status.FINISHED
        season.finished_at = timezone.now()
        season.save()
        _prepare_next(season)
    return season


def _prepare_next(season: Season) -> Season:
    """The next season, in sign-up for ``signup_period`` and then starting by itself."""
    league = season.league
    following = league.seasons.filter(number=season.number + 1).first()
    if following is None:
        now = timezone.now()
        period = league.signup_period
        following = Season.objects.create(
            league=league,
            number=season.number + 1,
            status=Season.Status.SIGNUP if period else Season.Status.DRAFT,
            signup_opens_at=now if period else None,
            signup_closes_at=now + period if period else None,
            starts_at=now + period if period else None,
        )
    if league.renew_signups and following.status in (
        Season.Status.DRAFT,
        Season.Status.SIGNUP,
        Season.Status.CLOSED,
    ):
        active = Membership.objects.filter(season=season, status=Membership.Status.ACTIVE)
        SignUp.objects.bulk_create(
            [
                SignUp(season=following, user_id=uid)
                for uid in active.values_list("user_id", flat=True)
            ],
            ignore_conflicts=True,
        )
    return following


# --- the league's clock ----------------------------------------------------------------------


def advance_seasons(*, now: datetime | None = None) -> list[dict[str, Any]]:
    """Open, close and start the seasons whose dates have come (run periodically).

    Each step is the organiser's own service; one that cannot be done (too few players) is
    reported and retried on the next run.
    """
    now = now or timezone.now()
    steps: list[tuple[Any, Any]] = []
    for season in Season.objects.filter(status=Season.Status.DRAFT, signup_opens_at__lte=now):
        steps.append((signup_open, season))
    for season in Season.objects.filter(status=Season.Status.SIGNUP, signup_closes_at__lte=now):
        steps.append((signup_close, season))
    for season in Season.objects.filter(
        status__in=[Season.Status.SIGNUP, Season.Status.CLOSED], starts_at__lte=now
    ):
        steps.append((season_start, season))
    done: list[dict[str, Any]] = []
    running = Season.objects.filter(status=Season.Status.RUNNING).exclude(
        league__format=League.Format.DIVISIONS
    )
    for season in running:
        with transaction.atomic():
            locked = _locked_season(season.pk)
            if locked.status == Season.Status.RUNNING:
                action = format_for(locked.league).tick(locked, now)
                if action:
                    done.append({"season_id": season.pk, "action": action, "ok": True})
    for service, season in steps:
        try:
            service(season_id=season.pk)
            done.append({"season_id": season.pk, "action": service.__name__, "ok": True})
        except ApplicationError as exc:
            logger.warning("%s of season %s: %s", service.__name__, season.pk, exc.message)
            done.append(
                {
                    "season_id": season.pk,
                    "action": service.__name__,
                    "ok": False,
                    "error": exc.message,
                }
            )
    return done
