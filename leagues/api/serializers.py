"""Output shapes of the leagues API (and the ``league`` field of a league game)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.selectors import display_name
from leagues import selectors
from leagues.models import League, Membership, Season


def _number(value: Fraction | float) -> float:
    return round(float(value), 2)


def _seconds(value) -> int | None:
    return int(value.total_seconds()) if value is not None else None


class _RefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class _SeasonRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()


class _GroupRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    code = serializers.CharField(
        help_text="D{division}L{group}, as in the game names (R{round}T{table} in a tournament)."
    )


class LeagueInfoOutputSerializer(serializers.Serializer):
    """The ``league`` of a game in the games API (null for a game outside any league)."""

    league = _RefSerializer()
    season = _SeasonRefSerializer()
    division = serializers.IntegerField(help_text="Division level, 1 = top (a tournament's round).")
    group = _GroupRefSerializer()
    game_number = serializers.IntegerField(help_text="The G{n} of the game's name.")
    standings_url = serializers.CharField(
        help_text="Page with the group's standings (a tournament's page)."
    )


class LeagueOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.CharField(help_text="The game kind of every game of the league.")
    format = serializers.CharField(
        help_text="divisions (promotion and relegation), swiss or knockout (docs/tournaments.md)."
    )
    rounds = serializers.IntegerField(help_text="Swiss: rounds of a tournament.")
    advance = serializers.IntegerField(help_text="Knockout: players of a table who go through.")
    round_time = serializers.SerializerMethodField(
        help_text="Swiss: seconds after which the next round starts anyway, or null."
    )
    description = serializers.CharField()
    players_per_game = serializers.IntegerField()
    options = serializers.ListField(child=serializers.CharField())
    map_id = serializers.CharField()
    time_control = serializers.CharField(
        help_text="none, move (deadline per move) or chess (chess clock)."
    )
    move_time_limit = serializers.SerializerMethodField(help_text="Seconds per move, or null.")
    clock_initial = serializers.SerializerMethodField(help_text="Chess clock: seconds at start.")
    clock_bonus = serializers.SerializerMethodField(help_text="Chess clock: seconds per round.")
    group_size = serializers.IntegerField()
    cycles = serializers.IntegerField()
    points_table = serializers.SerializerMethodField(
        help_text="League points by place, first place first (the default if none was set)."
    )
    promote_count = serializers.IntegerField()
    relegate_count = serializers.IntegerField()
    division_growth = serializers.IntegerField()
    signup_period = serializers.SerializerMethodField(help_text="Seconds, or null.")
    auto_end = serializers.BooleanField()
    renew_signups = serializers.BooleanField()
    bot_handover = serializers.BooleanField(
        help_text="The organisers may hand a seat that left a game to the computer."
    )
    created_by = serializers.CharField(source="created_by.username")
    admins = serializers.SerializerMethodField()
    created_at = serializers.DateTimeField()

    def get_move_time_limit(self, league: League) -> int | None:
        return _seconds(league.move_time_limit)

    def get_clock_initial(self, league: League) -> int | None:
        return _seconds(league.clock_initial)

    def get_clock_bonus(self, league: League) -> int | None:
        return _seconds(league.clock_bonus)

    def get_round_time(self, league: League) -> int | None:
        return _seconds(league.round_time)

    def get_signup_period(self, league: League) -> int | None:
        return _seconds(league.signup_period)

    def get_points_table(self, league: League) -> list[float]:
        return [float(v) for v in selectors.points_table(league)]

    def get_admins(self, league: League) -> list[str]:
        return sorted(u.username for u in league.admins.all())


class SeasonOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    league = serializers.SerializerMethodField()
    number = serializers.IntegerField()
    status = serializers.CharField(
        help_text="draft (announced), signup (sign-up open), closed (sign-up closed), running, finished."
    )
    signup_opens_at = serializers.DateTimeField(allow_null=True)
    signup_closes_at = serializers.DateTimeField(allow_null=True)
    starts_at = serializers.DateTimeField(allow_null=True)
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    signup_count = serializers.SerializerMethodField()

    @extend_schema_field(_RefSerializer)
    def get_league(self, season: Season) -> dict:
        return {"id": season.league_id, "name": season.league.name}

    def get_signup_count(self, season: Season) -> int:
        count = getattr(season, "signup_count", None)
        return count if count is not None else season.signups.count()


class SignUpOutputSerializer(serializers.Serializer):
    username = serializers.CharField(source="user.username")
    display_name = serializers.SerializerMethodField()
    created_at = serializers.DateTimeField()

    def get_display_name(self, signup) -> str:
        return display_name(signup.user)


class MemberOutputSerializer(serializers.Serializer):
    username = serializers.CharField(source="user.username")
    seed = serializers.IntegerField(help_text="Place in the group's seeding.")
    arrival = serializers.CharField(
        help_text="newcomer, stayed, promoted, relegated (from last season) or replacement."
    )
    status = serializers.CharField(
        help_text="active; dropped (left, games continued without them); replaced."
    )
    replaces = serializers.SerializerMethodField()
    movement = serializers.CharField(help_text="Set when the season ends.")
    final_position = serializers.IntegerField(allow_null=True)

    def get_replaces(self, member: Membership) -> str | None:
        return member.replaces.user.username if member.replaces is not None else None


class GroupOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    code = serializers.CharField()
    division = serializers.IntegerField(source="division.level")
    season = serializers.SerializerMethodField()
    league = serializers.SerializerMethodField()
    standings_updated_at = serializers.DateTimeField(allow_null=True)

    @extend_schema_field(_SeasonRefSerializer)
    def get_season(self, group) -> dict:
        season = group.division.season
        return {"id": season.pk, "number": season.number}

    @extend_schema_field(_RefSerializer)
    def get_league(self, group) -> dict:
        league = group.division.season.league
        return {"id": league.pk, "name": league.name}


class GroupDetailOutputSerializer(GroupOutputSerializer):
    members = MemberOutputSerializer(many=True, source="memberships.all")


class DivisionOutputSerializer(serializers.Serializer):
    level = serializers.IntegerField(help_text="1 = top.")
    groups = GroupDetailOutputSerializer(many=True)


class SeasonDetailOutputSerializer(SeasonOutputSerializer):
    divisions = serializers.SerializerMethodField()

    @extend_schema_field(DivisionOutputSerializer(many=True))
    def get_divisions(self, season: Season) -> Any:
        return DivisionOutputSerializer(selectors.divisions_of(season), many=True).data


class StandingOutputSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="Shared by players equal after every tie-break.")
    position = serializers.IntegerField(help_text="Place in the order (ties by seeding).")
    username = serializers.CharField(source="membership.user.username")
    display_name = serializers.SerializerMethodField()
    status = serializers.CharField(source="membership.status")
    arrival = serializers.CharField(source="membership.arrival")
    games = serializers.IntegerField(help_text="Finished games.")
    games_scheduled = serializers.IntegerField()
    points = serializers.SerializerMethodField(help_text="League points (ties give fractions).")
    vp = serializers.IntegerField(help_text="Total VP in finished games (first tie-break).")
    head_to_head = serializers.SerializerMethodField(
        help_text="Score against the players tied on points and VP (second tie-break)."
    )
    places = serializers.ListField(child=serializers.IntegerField())
    zone = serializers.CharField(
        help_text="promoted / stayed / relegated: the movement if the season ended now "
        "(once it has ended: the movement decided)."
    )

    def get_display_name(self, row) -> str:
        return display_name(row.membership.user)

    def get_points(self, row) -> float:
        return _number(row.points)

    def get_head_to_head(self, row) -> float:
        return _number(row.head_to_head)


class GroupStandingsOutputSerializer(serializers.Serializer):
    group = GroupOutputSerializer()
    points_table = serializers.ListField(child=serializers.FloatField())
    standings = StandingOutputSerializer(many=True)


class ScheduledSeatOutputSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="Seat = faction pick order = round-1 turn order.")
    username = serializers.CharField()
    faction = serializers.CharField(allow_null=True)
    dropped = serializers.BooleanField()
    vp = serializers.IntegerField(allow_null=True)
    place = serializers.IntegerField(allow_null=True)
    points = serializers.SerializerMethodField()

    def get_points(self, seat: dict) -> float | None:
        return _number(seat["points"]) if seat["points"] is not None else None


class ScheduledGameOutputSerializer(serializers.Serializer):
    number = serializers.IntegerField(source="league_game.number")
    game_id = serializers.IntegerField(source="game.pk")
    name = serializers.CharField(source="game.name")
    status = serializers.CharField(source="game.status")
    started_at = serializers.DateTimeField(source="game.started_at", allow_null=True)
    finished_at = serializers.DateTimeField(source="game.finished_at", allow_null=True)
    url = serializers.SerializerMethodField()
    seats = ScheduledSeatOutputSerializer(many=True)

    def get_url(self, item) -> str:
        return f"/games/{item.game.pk}/"


class TournamentStandingOutputSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True, help_text="Shared by equal players.")
    username = serializers.CharField()
    seed = serializers.IntegerField(help_text="Place in the seeding by rating.")
    points = serializers.FloatField(allow_null=True, help_text="Swiss: tournament points.")
    buchholz = serializers.FloatField(
        allow_null=True, help_text="Swiss: the points of every opponent met, summed."
    )
    score = serializers.IntegerField(help_text="Total score (VP) of the games finished.")
    games = serializers.IntegerField()
    eliminated_in = serializers.IntegerField(
        allow_null=True, help_text="Knockout: the round the player went out in."
    )
    final_position = serializers.IntegerField(allow_null=True)


class TournamentSeatOutputSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="Seat order (the lowest-placed player first).")
    username = serializers.CharField()
    score = serializers.IntegerField(allow_null=True)
    place = serializers.IntegerField(allow_null=True)
    points = serializers.FloatField(allow_null=True, help_text="Swiss: tournament points won.")
    advanced = serializers.BooleanField(help_text="Knockout: goes through to the next round.")


class TournamentTableOutputSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    group_id = serializers.IntegerField()
    game_id = serializers.IntegerField()
    game_name = serializers.CharField()
    status = serializers.CharField()
    final = serializers.BooleanField(help_text="Knockout: the final table.")
    seats = TournamentSeatOutputSerializer(many=True)


class TournamentRoundOutputSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    started_at = serializers.DateTimeField(allow_null=True)
    deadline = serializers.DateTimeField(
        allow_null=True, help_text="Swiss: the next round starts by then at the latest."
    )
    finished = serializers.BooleanField()
    byes = serializers.ListField(child=serializers.CharField())
    tables = TournamentTableOutputSerializer(many=True)


class TournamentOutputSerializer(serializers.Serializer):
    format = serializers.CharField()
    rounds_planned = serializers.IntegerField(allow_null=True)
    advance = serializers.IntegerField(allow_null=True)
    table_size = serializers.IntegerField()
    standings = TournamentStandingOutputSerializer(many=True)
    rounds = TournamentRoundOutputSerializer(many=True)
