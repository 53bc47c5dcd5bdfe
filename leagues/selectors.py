"""Reads of the leagues app: lists and filters, standings, schedules, and league info of games."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import django_filters
from django.contrib.auth import get_user_model
from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet

from bots.selectors import Before, players_before
from games.models import Game, Seat
from tm_site.exceptions import NotFound

from . import standings as standings_rules
from .models import Group, League, LeagueGame, Membership, Season, SignUp

User = get_user_model()


# --- permissions -----------------------------------------------------------------------------


def is_organiser(league: League, user) -> bool:
    """Staff and the league's admins organise it."""
    if not user.is_authenticated:
        return False
    return user.is_staff or league.admins.filter(pk=user.pk).exists()


# --- single objects --------------------------------------------------------------------------


def league_get(league_id: int) -> League:
    league = League.objects.filter(pk=league_id).select_related("created_by").first()
    if league is None:
        raise NotFound(f"No league {league_id}.")
    return league


def season_get(season_id: int) -> Season:
    season = Season.objects.filter(pk=season_id).select_related("league").first()
    if season is None:
        raise NotFound(f"No season {season_id}.")
    return season


def group_get(group_id: int) -> Group:
    group = Group.objects.filter(pk=group_id).select_related("division__season__league").first()
    if group is None:
        raise NotFound(f"No group {group_id}.")
    return group


def user_get(username: str):
    user = User.objects.filter(username=username).first()
    if user is None:
        raise NotFound(f"No player named {username!r}.")
    return user


def points_table(league: League) -> tuple[int | float, ...]:
    return tuple(league.points_table) or standings_rules.default_points_table(
        league.players_per_game
    )


# --- lists -----------------------------------------------------------------------------------


class LeagueFilter(django_filters.FilterSet):
    name = django_filters.CharFilter(lookup_expr="icontains", max_length=40)
    players_per_game = django_filters.NumberFilter(min_value=3, max_value=5)
    player = django_filters.CharFilter(
        method="filter_player", max_length=150, help_text="Username of a player of any season."
    )

    class Meta:
        model = League
        fields = ["name", "players_per_game", "player"]

    def filter_player(self, qs: QuerySet, name: str, value: str) -> QuerySet:
        members = Membership.objects.filter(season__league=OuterRef("pk"), user__username=value)
        return qs.filter(Exists(members))


class SeasonFilter(django_filters.FilterSet):
    league = django_filters.NumberFilter(field_name="league_id", min_value=1, max_value=2**62)
    status = django_filters.ChoiceFilter(choices=Season.Status.choices)
    player = django_filters.CharFilter(
        method="filter_player", max_length=150, help_text="Username of a member or sign-up."
    )

    class Meta:
        model = Season
        fields = ["league", "status", "player"]

    def filter_player(self, qs: QuerySet, name: str, value: str) -> QuerySet:
        return qs.filter(
            Exists(Membership.objects.filter(season=OuterRef("pk"), user__username=value))
            | Exists(SignUp.objects.filter(season=OuterRef("pk"), user__username=value))
        )


class GroupFilter(django_filters.FilterSet):
    league = django_filters.NumberFilter(
        field_name="division__season__league_id", min_value=1, max_value=2**62
    )
    season = django_filters.NumberFilter(
        field_name="division__season_id", min_value=1, max_value=2**62
    )
    level = django_filters.NumberFilter(
        field_name="division__level", min_value=1, max_value=100, help_text="Division, 1 = top."
    )
    player = django_filters.CharFilter(
        method="filter_player", max_length=150, help_text="Username of a member."
    )

    class Meta:
        model = Group
        fields = ["league", "season", "level", "player"]

    def filter_player(self, qs: QuerySet, name: str, value: str) -> QuerySet:
        return qs.filter(
            Exists(Membership.objects.filter(group=OuterRef("pk"), user__username=value))
        )


def league_list(filters: Any) -> QuerySet[League]:
    qs = League.objects.annotate(season_count=Count("seasons")).order_by("name")
    return LeagueFilter(filters, queryset=qs).qs


def season_list(filters: Any) -> QuerySet[Season]:
    qs = Season.objects.select_related("league").annotate(
        signup_count=Count("signups", distinct=True)
    )
    return SeasonFilter(filters, queryset=qs.order_by("league__name", "-number")).qs


def group_list(filters: Any) -> QuerySet[Group]:
    qs = Group.objects.select_related("division__season__league").annotate(
        member_count=Count("memberships", filter=Q(memberships__status="active"))
    )
    return GroupFilter(
        filters, queryset=qs.order_by("division__season_id", "division__level", "number")
    ).qs


def current_season(league: League) -> Season | None:
    """The running season, else the latest one."""
    seasons = league.seasons.order_by("-number")
    return seasons.filter(status=Season.Status.RUNNING).first() or seasons.first()


def signup_list(season: Season) -> QuerySet[SignUp]:
    return season.signups.select_related("user").order_by("created_at", "id")


def divisions_of(season: Season) -> list[dict]:
    """Divisions top first, each with its groups and their members in seeding order."""
    groups = (
        Group.objects.filter(division__season=season)
        .select_related("division")
        .prefetch_related(
            Prefetch(
                "memberships",
                queryset=Membership.objects.select_related("user").order_by("seed", "id"),
            )
        )
        .order_by("division__level", "number")
    )
    divisions: dict[int, dict] = {}
    for group in groups:
        level = group.division.level
        divisions.setdefault(level, {"level": level, "groups": []})["groups"].append(group)
    return list(divisions.values())


def ratings_of(user_ids: Iterable[int], kind: str) -> dict[int, float]:
    """Current ratings of these players in a game kind (unrated players are missing)."""
    from ratings.models import PlayerRating

    return dict(
        PlayerRating.objects.filter(user_id__in=list(user_ids), kind=kind).values_list(
            "user_id", "rating"
        )
    )


# --- standings and schedule ------------------------------------------------------------------


def seat_result(
    before: dict[tuple[int, int], Before],
    game_id: int,
    position: int,
    user_id: int,
    vp: int | None,
    dropped: bool,
) -> standings_rules.SeatResult[int]:
    """A seat's result for the league. A seat handed to the computer counts for the player it
    was taken from, as a drop with the score they had then (``before``: bots.selectors
    .players_before); the computer's own play counts for nobody."""
    taken = before.get((game_id, position))
    if taken is None:
        return standings_rules.SeatResult(user_id, vp or 0, dropped)
    return standings_rules.SeatResult(
        taken.user_id, taken.vp if taken.vp is not None else vp or 0, True
    )


def group_results(group: Group) -> list[standings_rules.GameResult[int]]:
    """The finished games of a group, as the standings' input (players are user ids)."""
    rows = list(
        Seat.objects.filter(game__league_game__group=group, game__status=Game.Status.FINISHED)
        .order_by("game__league_game__number", "position")
        .values_list("game_id", "position", "user_id", "final_vp", "dropped")
    )
    before = players_before({row[0] for row in rows})
    seats: dict[int, list[standings_rules.SeatResult[int]]] = {}
    for game_id, position, user_id, vp, dropped in rows:
        seats.setdefault(game_id, []).append(
            seat_result(before, game_id, position, user_id, vp, dropped)
        )
    return [standings_rules.GameResult(game_id, tuple(s)) for game_id, s in seats.items()]


@dataclass(frozen=True)
class StandingRow:
    membership: Membership
    rank: int
    position: int
    games: int
    games_scheduled: int
    points: Fraction
    vp: int
    head_to_head: Fraction
    places: tuple[int, ...]
    # promoted / stayed / relegated: as if the season ended now; once ended, the movement decided
    zone: str


def _members(group: Group) -> list[Membership]:
    return list(group.memberships.select_related("user", "user__profile").order_by("seed", "id"))


def division_count(season: Season) -> int:
    return season.divisions.count()


def movement(
    position: int, size: int, level: int, bottom: int, league: League, active: bool
) -> str:
    """Where the player at ``position`` (1-based) of a group of ``size`` goes at season end.

    The first ``promote_count`` go up (not from the top division); the last ``relegate_count``
    go down (not from the bottom division), and so does everyone who left during the season.
    """
    if level > 1 and active and position <= league.promote_count:
        return Membership.Movement.PROMOTED
    if level < bottom and (not active or position > size - league.relegate_count):
        return Membership.Movement.RELEGATED
    return Membership.Movement.STAYED


def group_standings(group: Group) -> list[StandingRow]:
    """The group's standings: live while the season runs, the final ones once it has ended."""
    season = group.division.season
    league = season.league
    members = _members(group)
    results = group_results(group)
    scheduled = dict(
        Seat.objects.filter(game__league_game__group=group)
        .exclude(game__status=Game.Status.ABORTED)
        .values("user_id")
        .annotate(n=Count("id"))
        .values_list("user_id", "n")
    )
    computed = standings_rules.standings(
        [m.user_id for m in members],
        results,
        points_table(league),
        inactive=[m.user_id for m in members if m.status != Membership.Status.ACTIVE],
    )
    by_user = {m.user_id: m for m in members}
    bottom = division_count(season)
    finished = season.status == Season.Status.FINISHED
    if finished:
        # The final order was fixed when the season ended (later changes to games don't move it).
        by_row = {row.player: row for row in computed}
        frozen = sorted(members, key=lambda m: (m.final_position or 10**6, m.seed, m.id))
        return [
            StandingRow(
                membership=m,
                rank=m.rank or position,
                position=position,
                games=m.games_finished,
                games_scheduled=scheduled.get(m.user_id, 0),
                points=Fraction(m.points),
                vp=m.vp,
                head_to_head=by_row[m.user_id].head_to_head,
                places=by_row[m.user_id].places,
                zone=m.movement or Membership.Movement.STAYED,
            )
            for position, m in enumerate(frozen, start=1)
        ]
    return [
        StandingRow(
            membership=by_user[row.player],
            rank=row.rank,
            position=position,
            games=row.games,
            games_scheduled=scheduled.get(row.player, 0),
            points=row.points,
            vp=row.vp,
            head_to_head=row.head_to_head,
            places=row.places,
            zone=movement(
                position,
                len(computed),
                group.division.level,
                bottom,
                league,
                by_user[row.player].status == Membership.Status.ACTIVE,
            ),
        )
        for position, row in enumerate(computed, start=1)
    ]


@dataclass(frozen=True)
class ScheduledGame:
    league_game: LeagueGame
    game: Game
    seats: list[dict]


def group_schedule(group: Group) -> list[ScheduledGame]:
    """The group's games in order, each with its seats and, once finished, places and points."""
    table = points_table(group.division.season.league)
    league_games = (
        LeagueGame.objects.filter(group=group)
        .select_related("game")
        .prefetch_related(
            Prefetch(
                "game__seats", queryset=Seat.objects.select_related("user").order_by("position")
            )
        )
        .order_by("number")
    )
    schedule = []
    before = players_before(lg.game_id for lg in league_games)
    for lg in league_games:
        seats = list(lg.game.seats.all())
        places: dict[int, tuple[int, int]] = {}
        points: dict[int, Fraction] = {}
        results = [
            seat_result(before, lg.game_id, s.position, s.user_id, s.final_vp, s.dropped)
            for s in seats
        ]
        if lg.game.status == Game.Status.FINISHED:
            result = standings_rules.GameResult(lg.game_id, tuple(results))
            places = standings_rules.places(result)
            points = standings_rules.game_points(result, table)
        schedule.append(
            ScheduledGame(
                league_game=lg,
                game=lg.game,
                seats=[
                    {
                        "seat": s.position,
                        "username": s.user.username,
                        "faction": s.faction or None,
                        "dropped": s.dropped,
                        "vp": s.final_vp,
                        "place": places[r.player][0] if r.player in places else None,
                        "points": points.get(r.player),
                    }
                    for s, r in zip(seats, results, strict=True)
                ],
            )
        )
    return schedule


# --- league info of games (used by the games API) --------------------------------------------


def league_info_for_games(game_ids: Iterable[int]) -> dict[int, dict]:
    """For each league game among ``game_ids``: its league, season, division and group."""
    rows = LeagueGame.objects.filter(game_id__in=list(game_ids)).values_list(
        "game_id",
        "number",
        "group_id",
        "group__number",
        "group__division__level",
        "group__division__season_id",
        "group__division__season__number",
        "group__division__season__league_id",
        "group__division__season__league__name",
        "group__division__season__league__format",
    )
    # In a tournament a division is a round and a group one of its tables (R2T3).
    return {
        game_id: {
            "league": {"id": league_id, "name": league_name},
            "season": {"id": season_id, "number": season_number},
            "division": level,
            "group": {
                "id": group_id,
                "number": group_number,
                "code": f"D{level}L{group_number}"
                if league_format == League.Format.DIVISIONS
                else f"R{level}T{group_number}",
            },
            "game_number": number,
            "standings_url": f"/leagues/groups/{group_id}/"
            if league_format == League.Format.DIVISIONS
            else f"/leagues/seasons/{season_id}/",
        }
        for (
            game_id,
            number,
            group_id,
            group_number,
            level,
            season_id,
            season_number,
            league_id,
            league_name,
            league_format,
        ) in rows
    }


_INFO_CACHE = "_league_info"


def league_info_hook(serializer: Any, game: Game) -> dict | None:
    """Hook for the games API's serializers: the league info of ``game`` (null if it is not a
    league game). A list of games is looked up in one query, on its first game."""
    cache: dict[int, dict | None] | None = serializer.context.get(_INFO_CACHE)
    if cache is None or game.pk not in cache:
        instance = serializer.root.instance
        games = instance if isinstance(instance, (list, tuple, QuerySet)) else [game]
        ids = {g.pk for g in games} | {game.pk}
        found = league_info_for_games(ids)
        cache = {**(cache or {}), **{i: found.get(i) for i in ids}}
        serializer.context[_INFO_CACHE] = cache
    return cache[game.pk]
