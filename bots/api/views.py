"""Bots API: hand a silent player's seat to the computer."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.selectors import bot_level, display_name
from bots import services


class SeatOutputSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    username = serializers.CharField()
    display_name = serializers.CharField()
    bot_level = serializers.CharField(help_text="The level the computer plays the seat at.")


class GameSeatBotApi(APIView):
    """Hand a seat of an unrated running game to the computer: your own at any time, a silent
    player's once the game has waited for them long enough (or past their deadline)."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        level = serializers.CharField(
            max_length=20, help_text="One of the kind's bot_levels (GET /api/v1/kinds/)."
        )

    @extend_schema(
        request=InputSerializer,
        responses={
            200: SeatOutputSerializer,
            400: OpenApiResponse(description="Unknown level, seat not silent: {error}"),
            403: OpenApiResponse(description="Not a player, or a rated game: {error}"),
            404: OpenApiResponse(description="No such game or seat: {error}"),
        },
        tags=["games"],
    )
    def post(self, request: Request, game_id: int, position: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        seat = services.seat_hand_over(
            game_id=game_id, position=position, user=request.user, **data.validated_data
        )
        return Response(
            SeatOutputSerializer(
                {
                    "position": seat.position,
                    "username": seat.user.username,
                    "display_name": display_name(seat.user),
                    "bot_level": bot_level(seat.user),
                }
            ).data
        )
