"""API endpoints of the web app: move preview and auto-leech settings (under /api/v1/)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors as game_selectors
from games.api.serializers import SacrificeOfferSerializer
from web import selectors, services

ERRORS = {
    400: OpenApiResponse(description="Invalid input or a broken rule: {error}"),
    403: OpenApiResponse(description="Not allowed: {error}"),
    404: OpenApiResponse(description="No such game (or a private one): {error}"),
}


def _visible(request: Request, game_id: int):
    return game_selectors.game_get(
        game_id, request.user, invite_code=str(request.query_params.get("invite", ""))
    )


class GamePreviewApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        command = serializers.CharField(max_length=10_000, trim_whitespace=True)
        expected_move_number = serializers.IntegerField(
            min_value=0, max_value=2**31 - 1, required=False, allow_null=True, default=None
        )

    class OutputSerializer(serializers.Serializer):
        command = serializers.CharField(help_text="The command as it would be recorded.")
        actor = serializers.CharField()
        move_number = serializers.IntegerField(help_text="The latest move; nothing was added.")
        state = serializers.DictField(help_text="The state after the command, as GET /state/.")
        ledger = serializers.ListField(child=serializers.DictField())
        legal = serializers.ListField(
            child=serializers.CharField(),
            help_text="Commands that could continue the same row (empty when the turn is over).",
        )
        sacrifices = SacrificeOfferSerializer(
            many=True,
            help_text="What could continue the row only after a power burn (Terra Mystica): "
            "row, the burn and the command, is what to append.",
        )

    @extend_schema(
        request=InputSerializer,
        responses={
            200: OutputSerializer,
            **ERRORS,
            409: OpenApiResponse(description="Stale expected_move_number"),
        },
        tags=["moves"],
        description="Apply a command for your seat without recording it: the resulting state, "
        "or the rule it breaks (400). Nothing is written.",
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = _visible(request, game_id)
        result = services.move_preview(game=game, user=request.user, **data.validated_data)
        return Response(self.OutputSerializer(result).data)


class GameHistoryStateApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 404: ERRORS[404]},
        tags=["games"],
        description="The game as it stood after move {n} (a move in force; 0 is the start), "
        "shaped like GET /state/ (hidden hands: only your own), with latest_move_number. "
        "Anyone who can see the game.",
    )
    def get(self, request: Request, game_id: int, move_number: int) -> Response:
        game = _visible(request, game_id)
        return Response(selectors.state_at(game, move_number, request.user))


class GameExplainApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        command = serializers.CharField(max_length=10_000, trim_whitespace=True)

    class OutputSerializer(serializers.Serializer):
        command = serializers.CharField()
        legal = serializers.BooleanField()
        reason = serializers.CharField(allow_blank=True, help_text="The rule it breaks.")

    @extend_schema(
        request=InputSerializer,
        responses={200: OutputSerializer, **ERRORS},
        tags=["moves"],
        description="Would this command be accepted for your seat now? If not, the rule it "
        "breaks, with status 200 (the page asks this when a player clicks something they "
        "cannot do). Nothing is written.",
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = _visible(request, game_id)
        result = services.move_explain(game=game, user=request.user, **data.validated_data)
        return Response(self.OutputSerializer(result).data)


class TransformBuildPartSerializer(serializers.Serializer):
    row = serializers.CharField(
        allow_null=True, help_text="The shortest row doing it now, or null."
    )
    reason = serializers.CharField(
        allow_blank=True, help_text="Why it is not possible now (empty when it is)."
    )
    short = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="The one resource (W, C, P, PW) it lacks and how much, when one would do.",
    )


class GameTransformBuildApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        hex = serializers.RegexField(r"^[A-Za-z]{1,2}[0-9]{1,2}$", max_length=4)

    class OutputSerializer(serializers.Serializer):
        hex = serializers.CharField()
        actor = serializers.CharField()
        move_number = serializers.IntegerField()
        transform = TransformBuildPartSerializer()
        build = TransformBuildPartSerializer(
            help_text="The dwelling (with the transform it needs)."
        )

    @extend_schema(
        parameters=[InputSerializer],
        responses={200: OutputSerializer, **ERRORS},
        tags=["moves"],
        description="Transforming a hex to your home terrain and building a dwelling on it, "
        "each part's legality on its own (Yucata): the shortest row for each part, or the rule "
        "it breaks now. Nothing is written.",
    )
    def get(self, request: Request, game_id: int) -> Response:
        data = self.InputSerializer(data=request.query_params)
        data.is_valid(raise_exception=True)
        game = _visible(request, game_id)
        hex_id = data.validated_data["hex"].upper()
        result = selectors.transform_build_parts(game, request.user, hex_id)
        return Response(self.OutputSerializer(result).data)


class PlanRowSerializer(serializers.Serializer):
    actor = serializers.CharField(
        max_length=40, help_text="A faction, or playerN before it has one."
    )
    command = serializers.CharField(max_length=10_000)


class GamePlanApi(APIView):
    permission_classes = [IsAuthenticated]

    class PlanSerializer(serializers.Serializer):
        rows = PlanRowSerializer(many=True)
        notes = serializers.CharField(allow_blank=True, max_length=10_000, default="")

    @extend_schema(responses={200: PlanSerializer, **ERRORS}, tags=["planner"])
    def get(self, request: Request, game_id: int) -> Response:
        game = _visible(request, game_id)
        return Response(selectors.plan_get(game, request.user))

    @extend_schema(
        request=PlanSerializer,
        responses={200: PlanSerializer, **ERRORS},
        tags=["planner"],
        description="Keep your private plan of this game: rows to try on a copy of the current "
        "state (yours and other factions') and notes. Nobody else sees it; nothing is played.",
    )
    def put(self, request: Request, game_id: int) -> Response:
        data = self.PlanSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = _visible(request, game_id)
        services.plan_save(game=game, user=request.user, **data.validated_data)
        return Response(selectors.plan_get(game, request.user))


class GamePlanTryApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        rows = PlanRowSerializer(many=True)
        actor = serializers.CharField(max_length=40, required=False, allow_blank=True, default="")
        command = serializers.CharField(
            max_length=10_000, required=False, allow_blank=True, default=""
        )

    class OutputSerializer(serializers.Serializer):
        rows = PlanRowSerializer(many=True)
        broken = serializers.DictField(
            allow_null=True, help_text="{index, reason} of the first row that no longer applies."
        )
        actor = serializers.CharField(allow_blank=True)
        command = serializers.CharField(allow_blank=True)
        state = serializers.DictField(help_text="The state after the rows, as GET /state/.")
        ledger = serializers.ListField(child=serializers.DictField())
        legal = serializers.ListField(
            child=serializers.CharField(),
            help_text="The actor's legal commands after the rows, or what may follow command.",
        )

    @extend_schema(
        request=InputSerializer,
        responses={200: OutputSerializer, **ERRORS},
        tags=["planner"],
        description="Play planned rows on a copy of the current state, as each faction could "
        "play them, and see the result. A broken command (400) names its rule; a planned row "
        "the game has overtaken is reported in broken. Nothing is written.",
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = _visible(request, game_id)
        return Response(
            self.OutputSerializer(services.plan_try(game=game, **data.validated_data)).data
        )


class PremoveCancelledSerializer(serializers.Serializer):
    command = serializers.CharField(help_text="The premove the rules refused.")
    reason = serializers.CharField(help_text="The rule it broke.")
    move_number = serializers.IntegerField(help_text="The latest move when it was refused.")


class GamePremovesApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        commands = serializers.ListField(
            child=serializers.CharField(max_length=10_000), max_length=5
        )
        expected_move_number = serializers.IntegerField(min_value=0, max_value=2**31 - 1)

    class OutputSerializer(serializers.Serializer):
        commands = serializers.ListField(child=serializers.CharField())
        cancelled = PremoveCancelledSerializer(
            allow_null=True,
            help_text="Why your last queue was cancelled, until you queue again; or null.",
        )
        move_number = serializers.IntegerField(
            help_text="The latest move (queued moves may just have been played)."
        )

    @extend_schema(responses={200: OutputSerializer, **ERRORS}, tags=["planner"])
    def get(self, request: Request, game_id: int) -> Response:
        game = _visible(request, game_id)
        return Response(self.OutputSerializer(selectors.premoves_view(game, request.user)).data)

    @extend_schema(
        request=InputSerializer,
        responses={
            200: OutputSerializer,
            **ERRORS,
            409: OpenApiResponse(description="Stale expected_move_number"),
        },
        tags=["planner"],
        description="Replace your queue of premoves (up to 5 rows). Whenever the game waits "
        "for you, the server plays the first as your own move (at once if it waits for you "
        "now: a first row that breaks a rule is then refused with a 400 and nothing is "
        "queued), then the next while the game still waits for you. A row the rules refuse "
        "when your move comes cancels the rest of the queue: you are told on the game page "
        "(cancelled) and by mail. Taking back a move drops the queues made after it.",
    )
    def put(self, request: Request, game_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = _visible(request, game_id)
        queue = services.premoves_set(game=game, user=request.user, **data.validated_data)
        return Response(self.OutputSerializer(queue).data)


class AutoLeechSettingsSerializer(serializers.Serializer):
    enabled = serializers.BooleanField(default=True)
    take_up_to = serializers.IntegerField(min_value=0, max_value=99, default=1)
    decline_from = serializers.IntegerField(min_value=1, max_value=99, default=99)
    cultists_take_up_to = serializers.IntegerField(min_value=0, max_value=99, default=0)
    cultists_decline_from = serializers.IntegerField(min_value=1, max_value=99, default=99)
    last_round_free_cultist = serializers.ChoiceField(
        choices=["take", "decline", "ask"], default="ask"
    )


class GameAutoLeechApi(APIView):
    permission_classes = [IsAuthenticated]

    class OutputSerializer(serializers.Serializer):
        settings = AutoLeechSettingsSerializer()
        stored = serializers.BooleanField(help_text="False: nothing is answered for you yet.")
        from_account = serializers.BooleanField(
            help_text="True: the answers chosen on your account page apply (no game settings)."
        )
        editable = serializers.BooleanField(help_text="Only during your own turn.")
        reason = serializers.CharField(allow_blank=True)
        reminder = serializers.CharField(
            allow_blank=True, help_text="In round 5 during your turn: prepare round 6's answers."
        )

    @extend_schema(responses={200: OutputSerializer, **ERRORS}, tags=["moves"])
    def get(self, request: Request, game_id: int) -> Response:
        game = _visible(request, game_id)
        return Response(services.autoleech_settings_get(game=game, user=request.user))

    @extend_schema(
        request=AutoLeechSettingsSerializer,
        responses={200: OutputSerializer, **ERRORS},
        tags=["moves"],
        description="Your automatic answers to power offers in this game (Yucata's rules); "
        "changeable during your own turn only.",
    )
    def put(self, request: Request, game_id: int) -> Response:
        data = AutoLeechSettingsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = _visible(request, game_id)
        result = services.autoleech_settings_update(
            game=game, user=request.user, settings=dict(data.validated_data)
        )
        return Response(result)
