"""Statistics API: the same figures as the statistics pages (docs/statistics.md)."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from stats import filters, selectors


class EstimateOutputSerializer(serializers.Serializer):
    value = serializers.FloatField(allow_null=True)
    low = serializers.FloatField(allow_null=True, help_text="95 % confidence interval, lower end.")
    high = serializers.FloatField(allow_null=True, help_text="95 % confidence interval, upper end.")


class FiguresOutputSerializer(serializers.Serializer):
    games = serializers.IntegerField(help_text="Seats counted (a dropped seat is not, for roles).")
    wins = serializers.IntegerField(help_text="Seats ranked first (ties share the win).")
    dropped = serializers.IntegerField(help_text="Seats that left the game.")
    win_rate = EstimateOutputSerializer(help_text="Share of wins (Wilson interval).")
    score = EstimateOutputSerializer(help_text="Average final score.")
    rank = EstimateOutputSerializer(help_text="Average rank (1 = first).")
    rated = serializers.IntegerField(help_text="Seats of rated games, behind `adjusted`.")
    adjusted = EstimateOutputSerializer(
        help_text="Rating-adjusted result: pairwise score minus what the players' ratings "
        "predicted, per opponent (-1 … 1; 0 = as predicted)."
    )


class RoleFiguresOutputSerializer(FiguresOutputSerializer):
    role = serializers.CharField()


FILTER_PARAMETERS = [
    OpenApiParameter("kind", str, description="terra_mystica (default) or mythotopia."),
    OpenApiParameter(
        "role_type",
        str,
        description="Terra Mystica: faction (default), colour, seat; Mythotopia: colour "
        "(default), seat.",
    ),
    OpenApiParameter("variant", str, description="base, fire-and-ice, merchants, … (all)."),
    OpenApiParameter("map", str, description="terra.snellman.net's map id (all maps)."),
    OpenApiParameter("players", int, description="Player count (all)."),
    OpenApiParameter("since", str, description="First month, YYYY-MM (UTC)."),
    OpenApiParameter("until", str, description="Last month, YYYY-MM (UTC)."),
]


class RoleStatsApi(APIView):
    permission_classes = [AllowAny]

    class ChoicesOutputSerializer(serializers.Serializer):
        variants = serializers.ListField(child=serializers.CharField())
        maps = serializers.ListField(child=serializers.CharField())
        player_counts = serializers.ListField(child=serializers.IntegerField())
        periods = serializers.ListField(child=serializers.CharField())

    class OutputSerializer(serializers.Serializer):
        kind = serializers.CharField()
        role_type = serializers.CharField()
        filters = serializers.DictField(help_text="The filters applied (null: all).")
        choices = serializers.DictField(
            help_text="Variants, maps, player counts and months that have games."
        )
        roles = RoleFiguresOutputSerializer(many=True)

    @extend_schema(
        parameters=FILTER_PARAMETERS,
        responses={200: OutputSerializer, 400: OpenApiResponse(description="Invalid filter.")},
        tags=["statistics"],
    )
    def get(self, request: Request) -> Response:
        chosen = filters.filters_from(request.query_params)
        body = {
            "kind": chosen.kind,
            "role_type": chosen.role_type,
            "filters": {
                "variant": chosen.variant,
                "map": chosen.map_id,
                "players": chosen.player_count,
                "since": chosen.since,
                "until": chosen.until,
            },
            "choices": selectors.role_choices(chosen.kind),
            "roles": selectors.role_table(chosen),
        }
        return Response(self.OutputSerializer(body).data)


class MapFiguresOutputSerializer(FiguresOutputSerializer):
    map_id = serializers.CharField(help_text="terra.snellman.net's map id; empty for one board.")


class RatingPointOutputSerializer(serializers.Serializer):
    game_id = serializers.IntegerField()
    finished_at = serializers.DateTimeField()
    rating = serializers.FloatField(help_text="The rating after the game.")


class OpponentOutputSerializer(serializers.Serializer):
    opponent = serializers.CharField()
    games = serializers.IntegerField()
    ahead = serializers.IntegerField(help_text="Games the player ranked better.")
    behind = serializers.IntegerField()
    ties = serializers.IntegerField()


class PlayerStatsApi(APIView):
    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer):
        username = serializers.CharField()
        kind = serializers.CharField()
        role_type = serializers.CharField()
        by_role = RoleFiguresOutputSerializer(many=True)
        by_map = MapFiguresOutputSerializer(many=True)
        rating = RatingPointOutputSerializer(many=True, help_text="Rating after each rated game.")
        head_to_head = OpponentOutputSerializer(many=True)

    @extend_schema(
        parameters=FILTER_PARAMETERS[:2],
        responses={
            200: OutputSerializer,
            400: OpenApiResponse(description="Invalid filter."),
            404: OpenApiResponse(description="No such player."),
        },
        tags=["statistics"],
    )
    def get(self, request: Request, username: str) -> Response:
        kind = filters.kind_from(request.query_params)
        role_type = filters.role_type_from(request.query_params, kind)
        user = selectors.player_get(username)
        if user is None:
            raise Http404("No such player.")
        body = {
            "username": user.get_username(),
            "kind": kind,
            "role_type": role_type,
            **selectors.player_tables(user.pk, kind, role_type),
            "rating": selectors.rating_points(user.pk, kind),
            "head_to_head": selectors.head_to_head(user.pk, kind),
        }
        return Response(self.OutputSerializer(body).data)
