"""API endpoints of the web app: move preview and auto-leech settings (under /api/v1/)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors as game_selectors
from web import services

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
        editable = serializers.BooleanField(help_text="Only during your own turn.")
        reason = serializers.CharField(allow_blank=True)

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
