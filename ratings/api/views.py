"""Ratings API: the leaderboard, a player's rating history, faction strengths per map."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from ratings import selectors
from ratings.conf import elo_params


class LeaderboardPagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


class LeaderboardApi(APIView):
    permission_classes = [AllowAny]

    class FilterSerializer(serializers.Serializer):
        min_games = serializers.IntegerField(
            required=False, min_value=0, help_text="Defaults to the games needed to be established."
        )
        active_since = serializers.DateTimeField(
            required=False, help_text="Only players with a rated game finished since then."
        )

    class OutputSerializer(serializers.Serializer):
        rank = serializers.IntegerField()
        username = serializers.CharField(source="user.username")
        rating = serializers.FloatField()
        games = serializers.IntegerField()
        provisional = serializers.BooleanField()
        last_game_at = serializers.DateTimeField()

    @extend_schema(
        parameters=[FilterSerializer], responses=OutputSerializer(many=True), tags=["ratings"]
    )
    def get(self, request: Request) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        paginator = LeaderboardPagination()
        page = paginator.paginate_queryset(
            selectors.leaderboard(**filters.validated_data), request, view=self
        )
        first_rank = paginator.page.start_index()
        min_games = elo_params().min_games
        for offset, player in enumerate(page):
            player.rank = first_rank + offset
            player.provisional = player.games < min_games
        return paginator.get_paginated_response(self.OutputSerializer(page, many=True).data)


class RatingChangeOutputSerializer(serializers.Serializer):
    game_id = serializers.IntegerField()
    finished_at = serializers.DateTimeField()
    map_id = serializers.CharField()
    faction = serializers.CharField()
    vp = serializers.IntegerField()
    rank = serializers.IntegerField()
    dropped = serializers.BooleanField()
    provisional = serializers.BooleanField()
    rating_before = serializers.FloatField()
    rating_after = serializers.FloatField()
    delta = serializers.FloatField()


class PlayerRatingHistoryApi(APIView):
    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer):
        username = serializers.CharField()
        rating = serializers.FloatField(allow_null=True, help_text="Null until a rated game.")
        games = serializers.IntegerField()
        provisional = serializers.BooleanField()
        history = RatingChangeOutputSerializer(many=True)

    @extend_schema(responses=OutputSerializer, tags=["ratings"])
    def get(self, request: Request, username: str) -> Response:
        user_model = get_user_model()
        user = get_object_or_404(user_model, **{user_model.USERNAME_FIELD: username})
        current = selectors.player_rating(user.pk)
        games = current.games if current is not None else 0
        body = {
            "username": username,
            "rating": current.rating if current is not None else None,
            "games": games,
            "provisional": games < elo_params().min_games,
            "history": selectors.player_history(user.pk),
        }
        return Response(self.OutputSerializer(body).data)


class FactionRatingsApi(APIView):
    permission_classes = [AllowAny]

    class FilterSerializer(serializers.Serializer):
        map_id = serializers.CharField(required=False, max_length=64)

    class OutputSerializer(serializers.Serializer):
        faction = serializers.CharField()
        map_id = serializers.CharField()
        rating = serializers.FloatField(help_text="Points added to the player's rating.")
        games = serializers.IntegerField()

    @extend_schema(
        parameters=[FilterSerializer], responses=OutputSerializer(many=True), tags=["ratings"]
    )
    def get(self, request: Request) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        factions = selectors.faction_ratings(**filters.validated_data)
        return Response(self.OutputSerializer(factions, many=True).data)
