"""Ratings API: the leaderboard, a player's rating history, faction strengths per map."""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.kinds import DEFAULT_KIND
from ratings import selectors
from ratings.conf import elo_params

# What a username can be; anything else (NUL bytes included) cannot name a player.
USERNAME = re.compile(r"^[\w.@+-]{1,150}\Z")


class LeaderboardPagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


class LeaderboardRowOutputSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    rating = serializers.FloatField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()
    last_game_at = serializers.DateTimeField()


class LeaderboardApi(APIView):
    permission_classes = [AllowAny]

    class FilterSerializer(serializers.Serializer):
        kind = serializers.CharField(
            required=False,
            max_length=40,
            default=DEFAULT_KIND,
            help_text="The game kind (GET /api/v1/kinds/); every kind has its own ratings.",
        )
        min_games = serializers.IntegerField(
            required=False,
            min_value=0,
            max_value=1_000_000,
            help_text="Defaults to the games needed to be established.",
        )
        page = serializers.IntegerField(required=False, min_value=1)
        page_size = serializers.IntegerField(
            required=False, min_value=1, max_value=LeaderboardPagination.max_page_size
        )
        active_since = serializers.DateTimeField(
            required=False, help_text="Only players with a rated game finished since then."
        )
        bots = serializers.BooleanField(
            required=False,
            default=False,
            help_text="The bots' leaderboard: accounts a program plays. Without it, only people.",
        )

    class PageSerializer(serializers.Serializer):
        count = serializers.IntegerField()
        next = serializers.URLField(allow_null=True)
        previous = serializers.URLField(allow_null=True)
        results = LeaderboardRowOutputSerializer(many=True)

    @extend_schema(
        parameters=[FilterSerializer],
        responses={
            200: PageSerializer,
            400: OpenApiResponse(description="Invalid filter."),
            404: OpenApiResponse(description="A page past the last one."),
        },
        tags=["ratings"],
    )
    def get(self, request: Request) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        paginator = LeaderboardPagination()
        page = paginator.paginate_queryset(
            selectors.leaderboard(
                min_games=filters.validated_data.get("min_games"),
                active_since=filters.validated_data.get("active_since"),
                kind=filters.validated_data["kind"],
                bots=filters.validated_data["bots"],
            ),
            request,
            view=self,
        )
        first_rank = paginator.page.start_index() if paginator.page is not None else 1
        min_games = elo_params().min_games
        rows = [
            {
                "rank": first_rank + offset,
                "username": player.user.get_username(),
                "rating": player.rating,
                "games": player.games,
                "provisional": player.games < min_games,
                "last_game_at": player.last_game_at,
            }
            for offset, player in enumerate(page or [])
        ]
        return paginator.get_paginated_response(
            LeaderboardRowOutputSerializer(rows, many=True).data
        )


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

    @extend_schema(
        parameters=[
            OpenApiParameter("kind", str, description="The game kind; terra_mystica by default.")
        ],
        responses={200: OutputSerializer, 404: OpenApiResponse(description="No such player.")},
        tags=["ratings"],
    )
    def get(self, request: Request, username: str) -> Response:
        if not USERNAME.match(username):
            raise Http404("No such player.")
        user_model = get_user_model()
        user = get_object_or_404(user_model, **{user_model.USERNAME_FIELD: username})
        kind = request.query_params.get("kind") or DEFAULT_KIND
        current = selectors.player_rating(user.pk, kind)
        games = current.games if current is not None else 0
        body = {
            "username": username,
            "rating": current.rating if current is not None else None,
            "games": games,
            "provisional": games < elo_params().min_games,
            "history": selectors.player_history(user.pk, kind),
        }
        return Response(self.OutputSerializer(body).data)


class FactionRatingsApi(APIView):
    permission_classes = [AllowAny]

    class FilterSerializer(serializers.Serializer):
        kind = serializers.CharField(
            required=False,
            max_length=40,
            default=DEFAULT_KIND,
            help_text="The game kind (GET /api/v1/kinds/); every kind has its own ratings.",
        )
        map_id = serializers.CharField(required=False, max_length=64)

    class OutputSerializer(serializers.Serializer):
        faction = serializers.CharField()
        map_id = serializers.CharField()
        rating = serializers.FloatField(help_text="Points added to the player's rating.")
        games = serializers.IntegerField()

    @extend_schema(
        parameters=[FilterSerializer],
        responses={
            200: OutputSerializer(many=True),
            400: OpenApiResponse(description="Invalid filter."),
        },
        tags=["ratings"],
    )
    def get(self, request: Request) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        factions = selectors.faction_ratings(**filters.validated_data)
        return Response(self.OutputSerializer(factions, many=True).data)
