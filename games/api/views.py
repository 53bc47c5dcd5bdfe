"""Game endpoints under /api/v1/: thin translations between HTTP and services/selectors."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.http import HttpResponse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import (
    AllowAny,
    IsAdminUser,
    IsAuthenticated,
    IsAuthenticatedOrReadOnly,
)
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import TOKEN, ExpiringTokenAuthentication, token_key, token_user
from games import kinds, life, log, selectors, services
from games.models import Game
from tm_site.exceptions import ApplicationError

from .serializers import (
    ChatMessageOutputSerializer,
    GameDetailOutputSerializer,
    GameOutputSerializer,
    MoveOutputSerializer,
    SacrificeOfferSerializer,
)

ERRORS = {
    400: OpenApiResponse(description="Invalid input or a broken rule: {error}"),
    403: OpenApiResponse(description="Not allowed: {error}"),
    404: OpenApiResponse(description="No such game (or a private one): {error}"),
}
# The longest command a move may carry (the input serializer and its plain path).
MOVE_COMMAND_MAX = 10_000

CONFLICT = {409: OpenApiResponse(description="Stale expected_move_number: {error, move_number}")}


class Pagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 500


def _visible(request: Request, game_id: int) -> Game:
    invite = request.query_params.get("invite", "") or (
        request.data.get("invite_code", "") if isinstance(request.data, dict) else ""
    )
    return selectors.game_get(game_id, request.user, invite_code=str(invite))


def _detail(request: Request, game: Game, code: int = status.HTTP_200_OK) -> Response:
    game = selectors.with_seats(
        selectors.game_get(game.pk, request.user, invite_code=game.invite_code)
    )
    insider = selectors.can_manage(game, request.user) or selectors.is_seated(game, request.user)
    context = {
        "invite_code": game.invite_code if insider else None,
        "waiting_for": selectors.waiting_for(game),
        "rating_changes": selectors.rating_changes(game),
    }
    return Response(GameDetailOutputSerializer(game, context=context).data, status=code)


class _ExpectedMoveSerializer(serializers.Serializer):
    expected_move_number = serializers.IntegerField(
        min_value=0,
        max_value=2**31 - 1,
        help_text="Number of the latest move the client has seen (0 before the first).",
    )


class MoveSummarySerializer(serializers.Serializer):
    move_number = serializers.IntegerField()
    kind = serializers.CharField()
    actor = serializers.CharField()
    command = serializers.CharField()
    status = serializers.CharField()
    finished = serializers.BooleanField()
    waiting_for = serializers.ListField(child=serializers.DictField())


def _move_response(result: life.MoveResult) -> Response:
    body = {
        "move_number": result.move.number,
        "kind": result.move.kind,
        "actor": result.move.actor,
        "command": result.move.command,
        "status": result.game.status,
        "finished": result.finished,
        "waiting_for": result.waiting_for,
    }
    return Response(body, status=status.HTTP_201_CREATED)


def _plain_move(data: object) -> dict | None:
    """A move's body as ``GameMovesApi.InputSerializer`` validates it, taken without it when
    it is plainly well formed (as every client's move is): a JSON object whose command is
    printable text, not blank once trimmed and at most MOVE_COMMAND_MAX characters, and whose
    expected_move_number is an integer in range. None for anything else, which the serializer
    then accepts as it would (a number sent as text) or refuses with its own messages."""
    if type(data) is not dict:
        return None
    command, number = data.get("command"), data.get("expected_move_number")
    if type(command) is not str or type(number) is not int:
        return None
    command = command.strip()  # as the serializer's trim_whitespace
    if not (command and len(command) <= MOVE_COMMAND_MAX and command.isprintable()):
        return None
    if not 0 <= number <= 2**31 - 1:
        return None
    return {"command": command, "expected_move_number": number}


class GameListCreateApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(serializers.Serializer):
        kind = serializers.CharField(
            required=False,
            max_length=40,
            default=kinds.DEFAULT_KIND,
            help_text="The game kind (GET /api/v1/kinds/); terra_mystica by default.",
        )
        player_count = serializers.IntegerField(min_value=1, max_value=10)
        options = serializers.ListField(
            child=serializers.CharField(max_length=60), required=False, default=list, max_length=30
        )
        public = serializers.BooleanField(required=False, default=True)
        rated = serializers.BooleanField(
            required=False,
            default=False,
            help_text="A private game counts for the ratings only with this set; a public game "
            "always counts.",
        )
        name = serializers.CharField(required=False, allow_blank=True, max_length=100, default="")
        map_id = serializers.CharField(
            required=False,
            max_length=64,
            default=services.NO_MAP,
            help_text="Id of the map (GET /api/v1/maps/); the original map by default.",
        )
        time_control = serializers.ChoiceField(
            choices=Game.TimeControl.choices,
            required=False,
            allow_null=True,
            default=None,
            help_text="none, move (a deadline per move) or chess (a chess clock); "
            "by default what the values given imply.",
        )
        move_time_limit = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            min_value=12 * 3600,
            max_value=14 * 86400,
            help_text="time_control move: seconds a player has for each move (12 h to 14 days).",
        )
        clock_initial = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            min_value=12 * 3600,
            max_value=30 * 86400,
            help_text="time_control chess: seconds on each clock at the start (12 h to 30 days).",
        )
        clock_bonus = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            min_value=0,
            max_value=7 * 86400,
            help_text="time_control chess: seconds added to each clock when a round begins.",
        )
        setup = serializers.JSONField(required=False, allow_null=True, default=None)
        bots = serializers.ListField(
            child=serializers.CharField(max_length=20),
            required=False,
            default=list,
            max_length=9,
            help_text="One level per computer seat (GET /api/v1/kinds/ lists each kind's "
            "bot_levels). The game starts once its human players are seated; it is unrated.",
        )

    @extend_schema(
        request=InputSerializer,
        responses={201: GameDetailOutputSerializer, **ERRORS},
        tags=["games"],
        description="Create a game; the creator takes the first seat (unless setup.seat_order leaves them out). "
        "bots = [level, …] fills that many seats with the computer. "
        "setup = {scoring_tiles: [6 ids, round 1 first], removed_bonus_tiles: [...], seat_order: [usernames]}.",
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        setup = values.pop("setup")
        if setup is not None:
            if not isinstance(setup, dict):
                raise ApplicationError("setup must be an object.")
            # The kind's own fields, where it has them; its engine checks the rest.
            fields = (
                kinds.engine_for(values["kind"]).setup_fields()
                if kinds.offers(values["kind"], "setup_fields")
                else None
            )
            if fields is not None:
                checked = fields(data=setup)
                if not checked.is_valid():
                    raise serializers.ValidationError({"setup": checked.errors})
                setup = checked.validated_data
        for field in ("move_time_limit", "clock_initial", "clock_bonus"):
            seconds = values.pop(field)
            values[field] = timedelta(seconds=seconds) if seconds is not None else None
        game = services.game_create(user=request.user, setup=setup, **values)
        return _detail(request, game, status.HTTP_201_CREATED)

    @extend_schema(
        parameters=[
            OpenApiParameter("status", str, enum=[c for c, _ in Game.Status.choices]),
            OpenApiParameter("player", str, description="Username of a seated player."),
            OpenApiParameter("faction", str, description="A faction played in the game."),
            OpenApiParameter("open", bool, description="Public games with a free seat."),
            OpenApiParameter("public", bool),
            OpenApiParameter("page", int),
            OpenApiParameter("page_size", int),
        ],
        responses={200: GameOutputSerializer(many=True), 400: ERRORS[400]},
        tags=["games"],
    )
    def get(self, request: Request) -> Response:
        filters = selectors.GameFilter(request.query_params, queryset=Game.objects.none())
        if not filters.is_valid():
            raise serializers.ValidationError(filters.errors)
        games = selectors.game_list(user=request.user, filters=request.query_params)
        paginator = Pagination()
        page = paginator.paginate_queryset(games, request, view=self)
        return paginator.get_paginated_response(GameOutputSerializer(page, many=True).data)


class GameDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("invite", str, description="Invite code of a private game.")],
        responses={200: GameDetailOutputSerializer, 404: ERRORS[404]},
        tags=["games"],
    )
    def get(self, request: Request, game_id: int) -> Response:
        return _detail(request, _visible(request, game_id))


class GameJoinApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        invite_code = serializers.CharField(
            required=False, allow_blank=True, max_length=64, default=""
        )

    @extend_schema(
        request=InputSerializer,
        responses={200: GameDetailOutputSerializer, **ERRORS},
        tags=["games"],
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = selectors.get_or_404(game_id)
        if not game.public and data.validated_data["invite_code"] != game.invite_code:
            _visible(request, game_id)  # a private game is a 404 to strangers
        game = services.game_join(game_id=game_id, user=request.user, **data.validated_data)
        return _detail(request, game)


class _GameActionApi(APIView):
    """A POST without a body that runs one service on the game."""

    permission_classes = [IsAuthenticated]
    service = staticmethod(services.game_start)

    def post(self, request: Request, game_id: int) -> Response:
        _visible(request, game_id)
        game = type(self).service(game_id=game_id, user=request.user)
        return _detail(request, game)


@extend_schema(
    request=None,
    responses={200: GameDetailOutputSerializer, **ERRORS},
    tags=["games"],
    description="Start a full game (its creator).",
)
class GameStartApi(_GameActionApi):
    service = staticmethod(services.game_start)


@extend_schema(
    request=None,
    responses={200: GameDetailOutputSerializer, **ERRORS},
    tags=["games"],
    description="Give up one's seat before the game starts; the creator leaving cancels the game.",
)
class GameLeaveApi(_GameActionApi):
    service = staticmethod(services.game_leave)


@extend_schema(
    request=None,
    responses={200: GameDetailOutputSerializer, **ERRORS},
    tags=["games"],
    description="Resign: the engine drops your faction (before factions are chosen the game is aborted).",
)
class GameResignApi(_GameActionApi):
    service = staticmethod(services.game_resign)


class _TokenToCheck(Exception):
    """The token read with a move does not authenticate as it stands: the move is not made."""


class GameMovesApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(_ExpectedMoveSerializer):
        command = serializers.CharField(
            max_length=MOVE_COMMAND_MAX,
            trim_whitespace=True,
            help_text='One row of the command language, e.g. "burn 3. action ACT6. build D6" or "setup darklings".',
        )

    _token: str | None = None

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        """A POST carrying an API token has it checked in the move's first round trip (its
        token, user and last use read with the locked game and its seats: ``_token_move``);
        the rest of DRF's ``initial`` runs here as usual."""
        self._token = None
        authenticators = request.authenticators or ()
        if request.method == "POST" and isinstance(
            next(iter(authenticators), None), ExpiringTokenAuthentication
        ):
            self._token = token_key(request)
        if self._token is None:
            super().initial(request, *args, **kwargs)
            return
        self.format_kwarg = self.get_format_suffix(**kwargs)
        request.accepted_renderer, request.accepted_media_type = self.perform_content_negotiation(
            request
        )
        request.version, request.versioning_scheme = self.determine_version(
            request, *args, **kwargs
        )

    def _checks(self, request: Request) -> None:
        """DRF's checks as ``initial`` runs them: authentication, permissions, rate limit."""
        self.perform_authentication(request)
        self.check_permissions(request)
        self.check_throttles(request)

    @extend_schema(
        request=InputSerializer,
        responses={201: MoveSummarySerializer, **ERRORS, **CONFLICT},
        tags=["moves"],
        description="Play a move for your own seat. The new move gets expected_move_number + 1.",
    )
    def post(self, request: Request, game_id: int) -> Response:
        if self._token is None:
            values = _plain_move(request.data)
        else:
            try:
                values = _plain_move(request.data)
                if values is not None:
                    services.check_command(values["command"])
            except Exception:  # an unreadable body or command: 401, 403, 429 come first
                self._checks(request)
                raise
            if values is not None:
                moved = self._token_move(request, game_id, self._token, values)
                if moved is not None:
                    return _move_response(moved)
            self._checks(request)
        if values is None:  # the serializer names what is wrong, or takes what it accepts
            data = self.InputSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            values = dict(data.validated_data)
        # move_submit answers 404 for a game the caller may not see, under the game's lock.
        result = services.move_submit(game_id=game_id, user=request.user, **values)
        return _move_response(result)

    def _token_move(
        self, request: Request, game_id: int, key: str, values: dict
    ) -> life.MoveResult | None:
        """The move, its token read in its first round trip (with the locked game and its
        seats: two round trips to PostgreSQL in all) and checked before the game is looked at,
        then the permissions and the rate limit, as ``initial`` would check them. None, with
        nothing done, when the token does not authenticate as it stands (unknown, expired, its
        use to record): DRF's authentication then decides, refusing with its 401."""

        def check(tokens: list[Token]) -> Any:
            token = tokens[0] if tokens else None
            user = token_user(token, timezone.now())
            if user is None:
                raise _TokenToCheck
            request._authenticator = next(iter(request.authenticators or ()))  # type: ignore[attr-defined]
            request.user, request.auth = user, token
            self.check_permissions(request)
            self.check_throttles(request)
            return user

        try:
            return services.move_submit(
                game_id=game_id, user=None, caller=log.Caller(TOKEN, key, check), **values
            )
        except _TokenToCheck:
            return None

    @extend_schema(
        parameters=[
            OpenApiParameter("after", int, description="Only moves with a higher number."),
            OpenApiParameter("page", int),
            OpenApiParameter("page_size", int),
        ],
        responses={200: MoveOutputSerializer(many=True), 404: ERRORS[404]},
        tags=["moves"],
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = _visible(request, game_id)
        after = serializers.IntegerField(min_value=0, max_value=2**31 - 1).run_validation(
            request.query_params.get("after", 0)
        )
        paginator = Pagination()
        page = paginator.paginate_queryset(
            selectors.move_list(game, after=after), request, view=self
        )
        context = {
            "undone": selectors.undone_numbers(game),
            "kind": game.kind,
            "seat": selectors.viewer_seat(game, request.user),
        }
        return paginator.get_paginated_response(
            MoveOutputSerializer(page, many=True, context=context).data
        )


class OptionalExpectedMoveSerializer(serializers.Serializer):
    expected_move_number = serializers.IntegerField(
        min_value=0, max_value=2**31 - 1, required=False, allow_null=True, default=None
    )


class _LogWriteApi(APIView):
    """A POST that appends one entry to the move log through a service."""

    permission_classes = [IsAuthenticated]
    InputSerializer: type[serializers.Serializer] = _ExpectedMoveSerializer
    # A service taking game_id, user and the validated input, returning a MoveResult.
    service: Callable[..., life.MoveResult] = staticmethod(services.move_undo)

    def post(self, request: Request, game_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        _visible(request, game_id)
        result = type(self).service(game_id=game_id, user=request.user, **data.validated_data)
        return _move_response(result)


@extend_schema(
    request=_ExpectedMoveSerializer,
    responses={201: MoveSummarySerializer, **ERRORS, **CONFLICT},
    tags=["moves"],
    description="Take back your own last move while no one else has acted since.",
)
class GameUndoApi(_LogWriteApi):
    service = staticmethod(services.move_undo)


class RollbackInputSerializer(OptionalExpectedMoveSerializer):
    to_move_number = serializers.IntegerField(
        min_value=0,
        max_value=2**31 - 1,
        help_text="The last move to keep (0: back to the setup).",
    )


@extend_schema(
    request=RollbackInputSerializer,
    responses={201: MoveSummarySerializer, **ERRORS, **CONFLICT},
    tags=["moves"],
    description="Game creator: take the game back to an earlier move (recorded).",
)
class GameRollbackApi(_LogWriteApi):
    InputSerializer = RollbackInputSerializer
    service = staticmethod(services.game_rollback)


class DropInputSerializer(OptionalExpectedMoveSerializer):
    faction = serializers.CharField(max_length=30)


@extend_schema(
    request=DropInputSerializer,
    responses={201: MoveSummarySerializer, **ERRORS, **CONFLICT},
    tags=["moves"],
    description="Staff: drop a faction from the game (drop-faction).",
)
class GameDropApi(_LogWriteApi):
    InputSerializer = DropInputSerializer
    service = staticmethod(services.faction_drop)


class GameStateApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 404: ERRORS[404]},
        tags=["games"],
        description="The whole current state: finished, round, phase, turn order, waiting_for, "
        "factions {name: {VP, C, W, P, PW[3], cult{FIRE,WATER,EARTH,AIR}, ...}}, map, bridges, towns, "
        "cult board, tiles, used actions; plus move_number and players.",
    )
    def get(self, request: Request, game_id: int) -> Response:
        return Response(selectors.game_state_view(_visible(request, game_id), request.user))


class GameLegalApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={
            200: inline_serializer(
                "LegalCommands",
                {
                    "actor": serializers.CharField(),
                    "move_number": serializers.IntegerField(),
                    "commands": serializers.ListField(child=serializers.CharField()),
                    "sacrifices": SacrificeOfferSerializer(
                        many=True,
                        help_text="Moves only a power burn makes payable (Terra Mystica): "
                        "the fewest tokens to burn, and row, the burn and the move together.",
                    ),
                },
            ),
            **ERRORS,
        },
        tags=["moves"],
        description="Commands the caller's seat may play now (useful conversions only), and "
        "those that need power burnt first.",
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = _visible(request, game_id)
        return Response(selectors.legal_commands_for(game, request.user))


class GameLedgerApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={
            200: inline_serializer(
                "LedgerEntry",
                {
                    "move_number": serializers.IntegerField(),
                    "kind": serializers.CharField(),
                    "actor": serializers.CharField(),
                    "command": serializers.CharField(),
                    "rows": serializers.ListField(child=serializers.DictField()),
                },
                many=True,
            ),
            404: ERRORS[404],
        },
        tags=["games"],
        description="Per move in force: faction, command and the ledger rows it produced "
        "(VP, C, W, P, PW, cults after), as terra.snellman.net shows them.",
    )
    def get(self, request: Request, game_id: int) -> Response:
        return Response(selectors.ledger(_visible(request, game_id), request.user))


class GameExportApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={(200, "text/plain"): OpenApiTypes.STR, 404: ERRORS[404]},
        tags=["games"],
        description="The game in terra.snellman.net's command language (see docs/api.md).",
    )
    def get(self, request: Request, game_id: int) -> HttpResponse:
        game = _visible(request, game_id)
        if not kinds.offers(game.kind, "export_text"):
            names = ", ".join(kinds.engine_for(k).info.name for k in kinds.offering("export_text"))
            raise ApplicationError(f"Export as text is for {names} games only.")
        text = kinds.engine_for(game.kind).export_text(game)
        return HttpResponse(text, content_type="text/plain; charset=utf-8")


class GameImportApi(APIView):
    permission_classes = [IsAdminUser]

    class InputSerializer(serializers.Serializer):
        game = serializers.JSONField(
            required=False, help_text="A corpus game (tests/fixtures/corpus schema)."
        )
        text = serializers.CharField(
            required=False, max_length=2_000_000, help_text="An export_game text."
        )
        public = serializers.BooleanField(required=False, default=True)
        attach_existing = serializers.BooleanField(
            required=False,
            default=False,
            help_text="Seat existing accounts named like the file's players (never staff "
            "accounts). Without it, an import naming an existing account is refused.",
        )

    @extend_schema(
        request=InputSerializer,
        responses={201: GameDetailOutputSerializer, **ERRORS},
        tags=["games"],
        description="Staff: import a recorded game (corpus JSON or exported text) as a finished game.",
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        # Recorded games are read by the first kind that reads them (Terra Mystica's notation).
        readers = kinds.offering("read_game_file")
        if not readers:
            raise ApplicationError("This site imports no recorded games.")
        kind = readers[0]
        engine = kinds.engine_for(kind)
        if "game" in values and isinstance(values["game"], dict):
            game_file = engine.read_game_file(data=values["game"])
        elif "text" in values:
            game_file = engine.read_game_file(text=values["text"])
        else:
            raise ApplicationError("Send either game (corpus JSON object) or text (exported game).")
        game = services.game_import(
            kind=kind,
            game_file=game_file,
            created_by=request.user,
            public=values["public"],
            attach_existing=values["attach_existing"],
        )
        return _detail(request, game, status.HTTP_201_CREATED)


class GameChatApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(serializers.Serializer):
        text = serializers.CharField(max_length=2000)

    @extend_schema(
        responses={200: ChatMessageOutputSerializer(many=True), 404: ERRORS[404]},
        parameters=[OpenApiParameter("page", int), OpenApiParameter("page_size", int)],
        tags=["chat"],
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = _visible(request, game_id)
        paginator = Pagination()
        page = paginator.paginate_queryset(selectors.chat_list(game), request, view=self)
        return paginator.get_paginated_response(ChatMessageOutputSerializer(page, many=True).data)

    @extend_schema(
        request=InputSerializer,
        responses={201: ChatMessageOutputSerializer, **ERRORS},
        tags=["chat"],
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        _visible(request, game_id)
        message = services.chat_post(game_id=game_id, user=request.user, **data.validated_data)
        return Response(ChatMessageOutputSerializer(message).data, status=status.HTTP_201_CREATED)


class KindOptionOutputSerializer(serializers.Serializer):
    name = serializers.CharField()
    description = serializers.CharField()
    default = serializers.BooleanField(help_text="On in a game created without options.")
    # A declared field leaves the class (DRF's metaclass), so Field.label is not replaced.
    label = serializers.CharField(  # type: ignore[assignment]
        help_text="The option in a few words (empty: the description)."
    )
    group = serializers.CharField(help_text="errata, expansion, variant, promo, or empty.")
    offered = serializers.BooleanField(help_text="Offered on the site's forms.")


class KindListApi(APIView):
    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer):
        kind = serializers.CharField(help_text="The id to send as `kind` when creating a game.")
        name = serializers.CharField()
        version = serializers.CharField(help_text="The rules revision games start with.")
        player_counts = serializers.ListField(child=serializers.IntegerField())
        options = KindOptionOutputSerializer(many=True)
        hidden_information = serializers.BooleanField(
            help_text="Players see different states (hands); the API shows each only theirs."
        )
        bot_levels = serializers.ListField(
            child=serializers.CharField(),
            help_text="The levels the computer plays this kind at, weakest first: what `bots` "
            "takes when creating a game.",
        )

    @extend_schema(responses={200: OutputSerializer(many=True)}, tags=["games"])
    def get(self, request: Request) -> Response:
        """The game kinds this site hosts, with their player counts, options and bot levels."""
        rows = [
            {**dataclasses.asdict(k), "bot_levels": kinds.bot_levels(k.kind)} for k in kinds.kinds()
        ]
        return Response(self.OutputSerializer(rows, many=True).data)


class MapListApi(APIView):
    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer):
        id = serializers.CharField()
        name = serializers.CharField()
        vp_variant = serializers.CharField(allow_null=True)

    @extend_schema(responses={200: OutputSerializer(many=True)}, tags=["games"])
    def get(self, request: Request) -> Response:
        """The maps games can be created on (terra.snellman.net's map ids)."""
        return Response(self.OutputSerializer(kinds.maps(kinds.DEFAULT_KIND), many=True).data)
