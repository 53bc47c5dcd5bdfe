"""The API's fields for a Terra Mystica game's fixed setup (``setup`` of ``POST /games/``)."""

from __future__ import annotations

from rest_framework import serializers


class SetupInputSerializer(serializers.Serializer):
    scoring_tiles = serializers.ListField(
        child=serializers.CharField(max_length=10), min_length=6, max_length=6
    )
    removed_bonus_tiles = serializers.ListField(
        child=serializers.CharField(max_length=10), required=False, default=list, max_length=10
    )
    seat_order = serializers.ListField(
        child=serializers.CharField(max_length=150), required=False, default=list, max_length=5
    )
