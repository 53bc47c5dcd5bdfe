"""Notification preferences of the caller, and unsubscribing with a mail's token."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from notifications import selectors, services
from notifications.models import DEFAULTS, Delivery


class ChoiceSerializer(serializers.Serializer):
    enabled = serializers.BooleanField(required=False)
    delivery = serializers.ChoiceField(choices=Delivery.choices, required=False)


# One optional object per kind: {"your_turn": {"enabled": true, "delivery": "immediate"}, ...}
PreferencesSerializer = type(
    "NotificationPreferencesSerializer",
    (serializers.Serializer,),
    {str(kind): ChoiceSerializer(required=False) for kind in DEFAULTS},
)


class PreferencesApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: PreferencesSerializer}, tags=["notifications"])
    def get(self, request: Request) -> Response:
        return Response(selectors.preferences_view(request.user))

    @extend_schema(
        request=PreferencesSerializer,
        responses={200: PreferencesSerializer},
        tags=["notifications"],
        description='Change some kinds, e.g. {"chat": {"enabled": true, "delivery": "daily"}}.',
    )
    def patch(self, request: Request) -> Response:
        data = PreferencesSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(services.preferences_update(user=request.user, changes=data.validated_data))


class UnsubscribeApi(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []

    class InputSerializer(serializers.Serializer):
        token = serializers.CharField(max_length=500)

    @extend_schema(
        request=InputSerializer,
        responses={
            200: inline_serializer(
                "Unsubscribed",
                {
                    "username": serializers.CharField(),
                    "disabled": serializers.ListField(child=serializers.CharField()),
                },
            )
        },
        tags=["notifications"],
        description="Switch off what an unsubscribe link names (the token of the link).",
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user, kinds = services.unsubscribe(token=data.validated_data["token"])
        return Response({"username": user.get_username(), "disabled": kinds})
