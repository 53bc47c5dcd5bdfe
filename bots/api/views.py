"""Bots API: hand a seat that has left, or a silent player's, to the computer."""

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
    """Hand a seat of a running game to the computer, which plays it to the end. In an unrated
    game: your own at any time, one that has left (resigned, ran out of time, dropped) at any
    time, a silent player's once the game has waited for them long enough. In a league game
    (rated too): its organisers, a seat that has left, where the league allows it
    (``bot_handover``)."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        level = serializers.CharField(
            max_length=20, help_text="One of the kind's bot_levels (GET /api/v1/kinds/)."
        )

    @extend_schema(
        request=InputSerializer,
        responses={
            200: SeatOutputSerializer,
            400: OpenApiResponse(
                description="Unknown level, seat not silent or (for an organiser) not left, "
                "a program's seat, a seat the rules cannot take back now: {error}"
            ),
            403: OpenApiResponse(
                description="Not a player (or left the game), a rated game, a league that "
                "does not allow it: {error}"
            ),
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
