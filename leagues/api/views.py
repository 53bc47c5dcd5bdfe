"""League endpoints under /api/v1/leagues/: thin translations between HTTP and services/selectors.

Reading is open to everyone (league games are public). Organiser actions (staff or a league
admin) are the same services the scheduled tasks run.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from django.db.models import Prefetch
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny, IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.models import Game
from leagues import selectors, services
from leagues.formats.tournament import tournament_view
from leagues.models import Group, League, Membership, Season
from tm_site.exceptions import NotFound

from .serializers import (
    DivisionOutputSerializer,
    GroupDetailOutputSerializer,
    GroupOutputSerializer,
    GroupStandingsOutputSerializer,
    LeagueOutputSerializer,
    ScheduledGameOutputSerializer,
    SeasonDetailOutputSerializer,
    SeasonOutputSerializer,
    SignUpOutputSerializer,
    TournamentOutputSerializer,
)

TAGS = ["leagues"]
ERRORS = {
    400: OpenApiResponse(description="Invalid input, or not possible now: {error}"),
    401: OpenApiResponse(description="Not logged in: {error}"),
    403: OpenApiResponse(description="Not an organiser of the league: {error}"),
    404: OpenApiResponse(description="No such league, season, group or player: {error}"),
}
READ_ERRORS = {404: ERRORS[404]}
LIST_ERRORS = {400: OpenApiResponse(description="Invalid filter: {error, fields}")}
# Usernames as Django allows them; anything else in a URL cannot name a player.
USERNAME = re.compile(r"^[\w.@+-]{1,150}\Z")
MAX_ID = 2**62


class Pagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


PAGE_PARAMETERS = [OpenApiParameter("page", int), OpenApiParameter("page_size", int)]


def _username(value: str) -> str:
    if not USERNAME.match(value):
        raise NotFound(f"No player named {value!r}.")
    return value


def _paginated(request: Request, view: APIView, queryset, serializer_class) -> Response:
    paginator = Pagination()
    page: list | None = paginator.paginate_queryset(queryset, request, view=view)
    return paginator.get_paginated_response(serializer_class(page, many=True).data)


def _filtered(filterset_class, request: Request):
    filters = filterset_class(
        request.query_params, queryset=filterset_class.Meta.model.objects.none()
    )
    if not filters.is_valid():
        raise serializers.ValidationError(filters.errors)
    return request.query_params


def _league(league_id: int) -> League:
    league = selectors.league_get(league_id)
    return League.objects.prefetch_related("admins").get(pk=league.pk)


class UsernameField(serializers.RegexField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            USERNAME.pattern,
            max_length=150,
            error_messages={"invalid": "Not a username."},
            **kwargs,
        )


# --- leagues ---------------------------------------------------------------------------------


class LeagueSettingsInputSerializer(serializers.Serializer):
    description = serializers.CharField(required=False, allow_blank=True, max_length=5000)
    options = serializers.ListField(
        child=serializers.CharField(max_length=60),
        required=False,
        max_length=30,
        help_text="Engine option names (terra.snellman.net spelling).",
    )
    map_id = serializers.CharField(required=False, max_length=64)
    time_control = serializers.ChoiceField(
        choices=Game.TimeControl.choices,
        required=False,
        help_text="none, move (deadline per move) or chess (chess clock); by default what the "
        "values given imply.",
    )
    move_time_limit = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=60,
        max_value=60 * 60 * 24 * 30,
        help_text="Seconds a player has for each move (12 hours to 14 days).",
    )
    clock_initial = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=60,
        max_value=60 * 60 * 24 * 60,
        help_text="Chess clock: seconds each player starts with (12 hours to 30 days).",
    )
    clock_bonus = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=60 * 60 * 24 * 7,
        help_text="Chess clock: seconds added at each new round (up to 7 days).",
    )
    group_size = serializers.IntegerField(required=False, min_value=3, max_value=20)
    cycles = serializers.IntegerField(required=False, min_value=1, max_value=3)
    points_table = serializers.ListField(
        child=serializers.FloatField(min_value=0, max_value=1000),
        required=False,
        max_length=5,
        help_text="League points by place, first place first; [] for the default (k-1 … 0).",
    )
    promote_count = serializers.IntegerField(required=False, min_value=0, max_value=20)
    relegate_count = serializers.IntegerField(required=False, min_value=0, max_value=20)
    division_growth = serializers.IntegerField(required=False, min_value=1, max_value=8)
    signup_period = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=60,
        max_value=60 * 60 * 24 * 365,
        help_text="Seconds the next season's sign-up stays open once a season ends; null: "
        "the organiser opens it.",
    )
    auto_end = serializers.BooleanField(required=False)
    renew_signups = serializers.BooleanField(required=False)
    bot_handover = serializers.BooleanField(
        required=False,
        help_text="Let the organisers hand a seat that left a game (resigned, ran out of time, "
        "dropped) to the computer; default off.",
    )
    rounds = serializers.IntegerField(
        required=False, min_value=1, max_value=20, help_text="Swiss: rounds of a tournament."
    )
    advance = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=3,
        help_text="Knockout: players of each table who reach the next round.",
    )
    round_time = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=60,
        max_value=60 * 60 * 24 * 90,
        help_text="Swiss: seconds after a round's start when the next round starts even if "
        "some of its games still run; null: when its last game ends.",
    )

    def to_settings(self) -> dict[str, Any]:
        values = dict(self.validated_data)
        for name in (
            "move_time_limit",
            "clock_initial",
            "clock_bonus",
            "signup_period",
            "round_time",
        ):
            if name in values and values[name] is not None:
                values[name] = timedelta(seconds=values[name])
        if "points_table" in values:
            values["points_table"] = [
                int(v) if float(v).is_integer() else v for v in values["points_table"]
            ]
        return values


class LeagueListCreateApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(LeagueSettingsInputSerializer):
        name = serializers.CharField(
            max_length=40, help_text="Letters, digits and hyphens; begins every game name."
        )
        kind = serializers.CharField(
            required=False,
            max_length=40,
            default="terra_mystica",
            help_text="The game kind of every game (GET /api/v1/kinds/); fixed once created.",
        )
        players_per_game = serializers.IntegerField(
            min_value=3, max_value=5, help_text="Players of a game (in a tournament, of a table)."
        )
        format = serializers.ChoiceField(
            choices=League.Format.choices,
            required=False,
            default=League.Format.DIVISIONS,
            help_text="divisions (seasons with promotion and relegation), swiss (rounds of "
            "tables by standing; needs rounds) or knockout (the best advance of each table "
            "until a final table; needs advance). Fixed once created.",
        )

    @extend_schema(
        parameters=[
            OpenApiParameter("name", str, description="Part of the name."),
            OpenApiParameter("players_per_game", int),
            OpenApiParameter("player", str, description="Username of a player of any season."),
            *PAGE_PARAMETERS,
        ],
        responses={200: LeagueOutputSerializer(many=True), **LIST_ERRORS},
        tags=TAGS,
    )
    def get(self, request: Request) -> Response:
        filters = _filtered(selectors.LeagueFilter, request)
        leagues = (
            selectors.league_list(filters).prefetch_related("admins").select_related("created_by")
        )
        return _paginated(request, self, leagues, LeagueOutputSerializer)

    @extend_schema(
        request=InputSerializer,
        responses={201: LeagueOutputSerializer, **ERRORS},
        tags=TAGS,
        description="Staff: create a league. The creator becomes its first admin, and its games "
        "are created in the creator's name.",
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.to_settings()
        league = services.league_create(user=request.user, **values)
        return Response(
            LeagueOutputSerializer(_league(league.pk)).data, status=status.HTTP_201_CREATED
        )


class LeagueDetailApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(LeagueSettingsInputSerializer):
        players_per_game = serializers.IntegerField(
            required=False, min_value=3, max_value=5, help_text="Only before the first season."
        )

    @extend_schema(responses={200: LeagueOutputSerializer, **READ_ERRORS}, tags=TAGS)
    def get(self, request: Request, league_id: int) -> Response:
        return Response(LeagueOutputSerializer(_league(league_id)).data)

    @extend_schema(
        request=InputSerializer,
        responses={200: LeagueOutputSerializer, **ERRORS},
        tags=TAGS,
        description="Organiser: change the league's settings (they apply from the next season).",
    )
    def patch(self, request: Request, league_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.league_update(league_id=league_id, user=request.user, **data.to_settings())
        return Response(LeagueOutputSerializer(_league(league_id)).data)


class LeagueAdminsApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        username = UsernameField()

    @extend_schema(
        request=InputSerializer,
        responses={200: LeagueOutputSerializer, **ERRORS},
        tags=TAGS,
        description="Organiser: make a player an admin (organiser) of the league.",
    )
    def post(self, request: Request, league_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.league_admin_add(league_id=league_id, user=request.user, **data.validated_data)
        return Response(LeagueOutputSerializer(_league(league_id)).data)


class LeagueAdminDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: LeagueOutputSerializer, **ERRORS},
        tags=TAGS,
        description="Organiser: remove an admin (a league keeps at least one).",
    )
    def delete(self, request: Request, league_id: int, username: str) -> Response:
        services.league_admin_remove(
            league_id=league_id, user=request.user, username=_username(username)
        )
        return Response(LeagueOutputSerializer(_league(league_id)).data)


# --- seasons ---------------------------------------------------------------------------------


class _SeasonDatesSerializer(serializers.Serializer):
    signup_opens_at = serializers.DateTimeField(required=False, allow_null=True)
    signup_closes_at = serializers.DateTimeField(required=False, allow_null=True)
    starts_at = serializers.DateTimeField(
        required=False, allow_null=True, help_text="The season starts by itself at this time."
    )


class LeagueSeasonsApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(_SeasonDatesSerializer):
        open_signup = serializers.BooleanField(
            required=False, default=False, help_text="Open the sign-up right away."
        )

    @extend_schema(
        parameters=PAGE_PARAMETERS,
        responses={200: SeasonOutputSerializer(many=True), **READ_ERRORS},
        tags=TAGS,
        operation_id="v1_leagues_league_seasons_list",
    )
    def get(self, request: Request, league_id: int) -> Response:
        league = selectors.league_get(league_id)
        return _paginated(
            request, self, selectors.season_list({"league": league.pk}), SeasonOutputSerializer
        )

    @extend_schema(
        request=InputSerializer,
        responses={201: SeasonDetailOutputSerializer, **ERRORS},
        tags=TAGS,
        description="Organiser: announce the next season, with its sign-up window and start "
        "(each step then happens by itself at its time; any can be taken early by hand).",
    )
    def post(self, request: Request, league_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        season = services.season_create(
            league_id=league_id, user=request.user, **data.validated_data
        )
        return Response(
            SeasonDetailOutputSerializer(selectors.season_get(season.pk)).data,
            status=status.HTTP_201_CREATED,
        )


class SeasonListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("league", int, description="League id."),
            OpenApiParameter("status", str, enum=[c for c, _ in Season.Status.choices]),
            OpenApiParameter("player", str, description="Username of a member or sign-up."),
            *PAGE_PARAMETERS,
        ],
        responses={200: SeasonOutputSerializer(many=True), **LIST_ERRORS},
        tags=TAGS,
    )
    def get(self, request: Request) -> Response:
        filters = _filtered(selectors.SeasonFilter, request)
        return _paginated(request, self, selectors.season_list(filters), SeasonOutputSerializer)


class SeasonDetailApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: SeasonDetailOutputSerializer, **READ_ERRORS}, tags=TAGS)
    def get(self, request: Request, season_id: int) -> Response:
        return Response(SeasonDetailOutputSerializer(selectors.season_get(season_id)).data)

    @extend_schema(
        request=_SeasonDatesSerializer,
        responses={200: SeasonDetailOutputSerializer, **ERRORS},
        tags=TAGS,
        description="Organiser: change the sign-up window or the start of a season not started.",
    )
    def patch(self, request: Request, season_id: int) -> Response:
        data = _SeasonDatesSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.season_update(season_id=season_id, user=request.user, **data.validated_data)
        return Response(SeasonDetailOutputSerializer(selectors.season_get(season_id)).data)


class _SeasonActionApi(APIView):
    """A POST without a body that runs one organiser service on the season."""

    permission_classes = [IsAuthenticated]
    service = staticmethod(services.signup_open)

    def post(self, request: Request, season_id: int) -> Response:
        selectors.season_get(season_id)
        type(self).service(season_id=season_id, user=request.user)
        return Response(SeasonDetailOutputSerializer(selectors.season_get(season_id)).data)


def _action_schema(description: str):
    return extend_schema(
        request=None,
        responses={200: SeasonDetailOutputSerializer, **ERRORS},
        tags=TAGS,
        description=description,
    )


@_action_schema("Organiser: open the season's sign-up now.")
class SeasonOpenSignupApi(_SeasonActionApi):
    service = staticmethod(services.signup_open)


@_action_schema("Organiser: close the season's sign-up now.")
class SeasonCloseSignupApi(_SeasonActionApi):
    service = staticmethod(services.signup_close)


@_action_schema(
    "Organiser: start the season now: close sign-up, place the players into divisions and "
    "groups (last season's result, newcomers by rating) and create every game."
)
class SeasonStartApi(_SeasonActionApi):
    service = staticmethod(services.season_start)


@_action_schema(
    "Organiser: end the season (every game must have ended): final standings, promotion and "
    "relegation, and the next season's sign-up."
)
class SeasonEndApi(_SeasonActionApi):
    service = staticmethod(services.season_end)


class SeasonSignupsApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(serializers.Serializer):
        username = UsernameField(
            required=False, help_text="Organisers sign up someone else; omit for yourself."
        )

    @extend_schema(
        parameters=PAGE_PARAMETERS,
        responses={200: SignUpOutputSerializer(many=True), **READ_ERRORS},
        tags=TAGS,
    )
    def get(self, request: Request, season_id: int) -> Response:
        season = selectors.season_get(season_id)
        return _paginated(request, self, selectors.signup_list(season), SignUpOutputSerializer)

    @extend_schema(
        request=InputSerializer,
        responses={
            201: SignUpOutputSerializer,
            **ERRORS,
            409: OpenApiResponse(description="Already signed up: {error}"),
        },
        tags=TAGS,
        description="Sign up for the season (while sign-up is open); organisers can sign up "
        "anyone until the season starts.",
    )
    def post(self, request: Request, season_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        signup = services.signup_add(season_id=season_id, user=request.user, **data.validated_data)
        return Response(SignUpOutputSerializer(signup).data, status=status.HTTP_201_CREATED)


class SeasonSignupDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={204: None, **ERRORS},
        tags=TAGS,
        description="Withdraw a sign-up: your own while sign-up is open; organisers anyone's "
        "until the season starts.",
    )
    def delete(self, request: Request, season_id: int, username: str) -> Response:
        services.signup_remove(season_id=season_id, user=request.user, username=_username(username))
        return Response(status=status.HTTP_204_NO_CONTENT)


class SeasonDivisionsApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: DivisionOutputSerializer(many=True), **READ_ERRORS}, tags=TAGS)
    def get(self, request: Request, season_id: int) -> Response:
        season = selectors.season_get(season_id)
        return Response(DivisionOutputSerializer(selectors.divisions_of(season), many=True).data)


class SeasonTournamentApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: TournamentOutputSerializer, **READ_ERRORS},
        tags=TAGS,
        description="A Swiss or knockout season: its standings (Swiss: tournament points, "
        "Buchholz, total score, seeding; knockout: the final table, then by the round players "
        "went out in) and every round's tables (pairings and results) and byes.",
    )
    def get(self, request: Request, season_id: int) -> Response:
        season = selectors.season_get(season_id)
        if season.league.format == League.Format.DIVISIONS:
            raise NotFound(f"Season {season_id} is not a tournament: see its standings.")
        return Response(TournamentOutputSerializer(tournament_view(season)).data)


class SeasonStandingsApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: GroupStandingsOutputSerializer(many=True), **READ_ERRORS},
        tags=TAGS,
        description="The standings of every group of the season, top division first.",
    )
    def get(self, request: Request, season_id: int) -> Response:
        season = selectors.season_get(season_id)
        table = [float(v) for v in selectors.points_table(season.league)]
        groups = selectors.group_list({"season": season.pk})
        body = [
            {"group": group, "points_table": table, "standings": selectors.group_standings(group)}
            for group in groups
        ]
        return Response(GroupStandingsOutputSerializer(body, many=True).data)


# --- groups ----------------------------------------------------------------------------------


def _group_detail(group_id: int) -> Group:
    group = selectors.group_get(group_id)
    members = Membership.objects.select_related("user", "replaces__user").order_by("seed", "id")
    return (
        Group.objects.select_related("division__season__league")
        .prefetch_related(Prefetch("memberships", queryset=members))
        .get(pk=group.pk)
    )


class GroupListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("league", int, description="League id."),
            OpenApiParameter("season", int, description="Season id."),
            OpenApiParameter("level", int, description="Division level, 1 = top."),
            OpenApiParameter("player", str, description="Username of a member."),
            *PAGE_PARAMETERS,
        ],
        responses={200: GroupOutputSerializer(many=True), **LIST_ERRORS},
        tags=TAGS,
    )
    def get(self, request: Request) -> Response:
        filters = _filtered(selectors.GroupFilter, request)
        return _paginated(request, self, selectors.group_list(filters), GroupOutputSerializer)


class GroupDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: GroupDetailOutputSerializer, **READ_ERRORS}, tags=TAGS)
    def get(self, request: Request, group_id: int) -> Response:
        return Response(GroupDetailOutputSerializer(_group_detail(group_id)).data)


class GroupStandingsApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: GroupStandingsOutputSerializer, **READ_ERRORS},
        tags=TAGS,
        description="Live standings: league points by placement, then total VP, then "
        "head-to-head (docs/leagues.md); final once the season has ended.",
    )
    def get(self, request: Request, group_id: int) -> Response:
        group = selectors.group_get(group_id)
        body = {
            "group": group,
            "points_table": [
                float(v) for v in selectors.points_table(group.division.season.league)
            ],
            "standings": selectors.group_standings(group),
        }
        return Response(GroupStandingsOutputSerializer(body).data)


class GroupScheduleApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: ScheduledGameOutputSerializer(many=True), **READ_ERRORS},
        tags=TAGS,
        description="The group's games in order with their seat order (= faction pick order) "
        "and, once finished, each player's VP, place and league points.",
    )
    def get(self, request: Request, group_id: int) -> Response:
        group = selectors.group_get(group_id)
        return Response(
            ScheduledGameOutputSerializer(selectors.group_schedule(group), many=True).data
        )


class GroupRefreshApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: GroupStandingsOutputSerializer, **ERRORS},
        tags=TAGS,
        description="Organiser: store the group's current standings now (it happens by itself "
        "whenever one of its games ends).",
    )
    def post(self, request: Request, group_id: int) -> Response:
        group = selectors.group_get(group_id)
        services.require_organiser(group.division.season.league, request.user)
        rows = services.standings_refresh(group_id=group.pk)
        body = {
            "group": selectors.group_get(group_id),
            "points_table": [
                float(v) for v in selectors.points_table(group.division.season.league)
            ],
            "standings": rows,
        }
        return Response(GroupStandingsOutputSerializer(body).data)


class GroupMemberDropApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        replacement = UsernameField(
            required=False,
            allow_null=True,
            default=None,
            help_text="Who takes over the player's running games; omit or null to drop the "
            "player's factions and let the games continue without them.",
        )

    @extend_schema(
        request=InputSerializer,
        responses={200: GroupDetailOutputSerializer, **ERRORS},
        tags=TAGS,
        description="Organiser: a player leaves the league mid-season, replaced or dropped.",
    )
    def post(self, request: Request, group_id: int, username: str) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.member_drop(
            group_id=group_id,
            user=request.user,
            username=_username(username),
            replacement=data.validated_data["replacement"],
        )
        return Response(GroupDetailOutputSerializer(_group_detail(group_id)).data)
