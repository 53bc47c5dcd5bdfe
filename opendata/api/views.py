"""Open data API: the dump files and the published games, page by page."""

from __future__ import annotations

import re

from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.pagination import CursorPagination
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import kinds
from opendata import selectors
from opendata.services import SCHEMA_FILE

MONTH = re.compile(r"^\d{4}-(0[1-9]|1[0-2])\Z")


class DumpOutputSerializer(serializers.Serializer):
    kind = serializers.CharField()
    month = serializers.CharField(help_text="YYYY-MM (UTC) the games finished in.")
    games = serializers.IntegerField()
    size = serializers.IntegerField(help_text="Bytes of the compressed file.")
    sha256 = serializers.CharField()
    built_at = serializers.DateTimeField()
    url = serializers.CharField(help_text="Where to download the file.")


def file_url(request: Request, name: str) -> str:
    return request.build_absolute_uri(reverse("opendata-file", args=[name]))


class DumpListApi(APIView):
    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer):
        schema = serializers.CharField(help_text="The JSON schema of a record.")
        dumps = DumpOutputSerializer(many=True)

    @extend_schema(responses={200: OutputSerializer}, tags=["open data"])
    def get(self, request: Request) -> Response:
        dumps = [
            {
                "kind": d.kind,
                "month": d.month,
                "games": d.games,
                "size": d.size,
                "sha256": d.sha256,
                "built_at": d.built_at,
                "url": file_url(request, d.file_name),
            }
            for d in selectors.dumps()
        ]
        body = {"schema": file_url(request, SCHEMA_FILE), "dumps": dumps}
        return Response(self.OutputSerializer(body).data)


class GamePagination(CursorPagination):
    ordering = ("finished_at", "id")
    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100


class PublishedGameListApi(APIView):
    """The records the dumps hold, newest last, read live (the dumps are rebuilt nightly)."""

    permission_classes = [AllowAny]

    class FilterSerializer(serializers.Serializer):
        kind = serializers.CharField(required=False, max_length=40)
        month = serializers.CharField(
            required=False, max_length=7, help_text="YYYY-MM (UTC): games that finished then."
        )
        page_size = serializers.IntegerField(
            required=False, min_value=1, max_value=GamePagination.max_page_size
        )
        cursor = serializers.CharField(required=False, max_length=200)

        def validate_kind(self, value: str) -> str:
            known = {k.kind for k in kinds.kinds()}
            if value not in known:
                raise serializers.ValidationError(
                    f"Unknown game kind {value!r}; this site hosts {', '.join(sorted(known))}."
                )
            return value

        def validate_month(self, value: str) -> str:
            if not MONTH.match(value):
                raise serializers.ValidationError("A month is written YYYY-MM, e.g. 2025-03.")
            return value

    class PageSerializer(serializers.Serializer):
        next = serializers.URLField(allow_null=True)
        previous = serializers.URLField(allow_null=True)
        results = serializers.ListField(
            child=serializers.DictField(),
            help_text="Game records as in the dumps (schema: GET /api/v1/open-data/dumps/).",
        )

    @extend_schema(
        parameters=[FilterSerializer],
        responses={
            200: PageSerializer,
            400: OpenApiResponse(description="Invalid filter or cursor."),
        },
        tags=["open data"],
    )
    def get(self, request: Request) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        data = filters.validated_data
        paginator = GamePagination()
        page = paginator.paginate_queryset(
            selectors.published_games(data.get("kind"), data.get("month")), request, view=self
        )
        return paginator.get_paginated_response(list(selectors.records(page or [])))
