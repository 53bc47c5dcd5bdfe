"""Accounts API: registration, token and session login, the caller's profile, players."""

from __future__ import annotations

from typing import cast

from django.contrib.auth import authenticate, login, logout, update_session_auth_hash
from django.contrib.auth.models import User
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import selectors, services
from accounts.usernames import USERNAME_PATTERN, USERNAME_RULE
from tm_site.exceptions import ApplicationError
from tm_site.throttling import ScopedThrottle


def _me(request: Request) -> User:
    """The caller of a view that requires authentication (IsAuthenticated)."""
    return cast(User, request.user)


class PlayerOutputSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.SerializerMethodField()
    date_joined = serializers.DateTimeField()
    games_url = serializers.SerializerMethodField()
    is_bot = serializers.SerializerMethodField(help_text="A program plays this account.")

    def get_display_name(self, user) -> str:
        return selectors.display_name(user)

    def get_is_bot(self, user) -> bool:
        return selectors.is_bot(user)

    def get_games_url(self, user) -> str:
        return f"/api/v1/games/?player={user.username}"


class ProfileOutputSerializer(serializers.Serializer):
    username = serializers.CharField(source="user.username")
    email = serializers.EmailField(source="user.email")
    display_name = serializers.CharField()
    notify_your_turn = serializers.BooleanField(
        help_text="Mails when it is your turn or a decision awaits you (/me/notifications/)."
    )
    notify_chat = serializers.BooleanField(help_text="Mails on chat messages.")
    notify_game_end = serializers.BooleanField(help_text="Mails when a game ends.")

    email_pending = serializers.EmailField(
        help_text="An address waiting for its confirmation link; mail goes to `email` until then."
    )
    is_bot = serializers.BooleanField(
        help_text="A program plays this account through the API (docs/bots-api.md); bots have "
        "a leaderboard of their own."
    )

    def to_representation(self, profile) -> dict:
        return {
            "username": profile.user.username,
            "email": profile.user.email,
            "email_pending": profile.email_pending,
            "display_name": profile.display_name,
            "is_bot": profile.is_bot,
            **selectors.notify_switches(profile.user),
        }


_username_field = serializers.RegexField(
    USERNAME_PATTERN, max_length=40, error_messages={"invalid": USERNAME_RULE}
)


class RegisterApi(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = [ScopedThrottle]
    throttle_scope = "register"

    class InputSerializer(serializers.Serializer):
        username = _username_field
        password = serializers.CharField(max_length=128, write_only=True)
        email = serializers.EmailField(required=False, allow_blank=True, default="")
        display_name = serializers.CharField(
            required=False, allow_blank=True, max_length=60, default=""
        )

    class OutputSerializer(serializers.Serializer):
        username = serializers.CharField()
        email = serializers.EmailField()
        token = serializers.CharField()

    @extend_schema(request=InputSerializer, responses={201: OutputSerializer}, tags=["auth"])
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = services.user_register(**data.validated_data)
        body = {"username": user.username, "email": user.email, "token": services.token_for(user)}
        return Response(self.OutputSerializer(body).data, status=status.HTTP_201_CREATED)


class _CredentialsSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, write_only=True)


def _authenticate(request: Request):
    data = _CredentialsSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    user = authenticate(request._request, **data.validated_data)
    if user is None:
        raise ApplicationError("Wrong username or password.")
    return user


class TokenApi(APIView):
    """Exchange a username and password for the API token (created on first use)."""

    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = [ScopedThrottle]
    throttle_scope = "login"

    @extend_schema(
        request=_CredentialsSerializer,
        responses={200: inline_serializer("TokenOutput", {"token": serializers.CharField()})},
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        return Response({"token": services.token_for(_authenticate(request))})

    @extend_schema(responses={204: None}, tags=["auth"])
    def delete(self, request: Request) -> Response:
        """Revoke the token sent in the Authorization header."""
        from rest_framework.authentication import TokenAuthentication

        auth = TokenAuthentication().authenticate(request)
        if auth is None:
            raise ApplicationError("Send the token to revoke as 'Authorization: Token <token>'.")
        services.token_revoke(auth[0])
        return Response(status=status.HTTP_204_NO_CONTENT)


class LoginApi(APIView):
    """Session login for the browser."""

    permission_classes = [AllowAny]
    throttle_classes = [ScopedThrottle]
    throttle_scope = "login"

    @extend_schema(
        request=_CredentialsSerializer, responses={200: PlayerOutputSerializer}, tags=["auth"]
    )
    def post(self, request: Request) -> Response:
        user = _authenticate(request)
        login(request._request, user)
        return Response(PlayerOutputSerializer(user).data)


class LogoutApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(request=None, responses={204: None}, tags=["auth"])
    def post(self, request: Request) -> Response:
        logout(request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        email = serializers.EmailField(required=False, allow_blank=True)
        display_name = serializers.CharField(required=False, allow_blank=True, max_length=60)
        notify_your_turn = serializers.BooleanField(required=False)
        notify_chat = serializers.BooleanField(required=False)
        notify_game_end = serializers.BooleanField(required=False)
        is_bot = serializers.BooleanField(
            required=False, help_text="Mark the account as a bot: a program plays it."
        )

    @extend_schema(responses={200: ProfileOutputSerializer}, tags=["players"])
    def get(self, request: Request) -> Response:
        return Response(ProfileOutputSerializer(services.profile_get_or_create(_me(request))).data)

    @extend_schema(
        request=InputSerializer, responses={200: ProfileOutputSerializer}, tags=["players"]
    )
    def patch(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        profile = services.profile_update(user=_me(request), **data.validated_data)
        return Response(ProfileOutputSerializer(profile).data)


class PasswordApi(APIView):
    """Change the password. Every API token issued before stops working; a new one is returned."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [ScopedThrottle]
    throttle_scope = "login"

    class InputSerializer(serializers.Serializer):
        old_password = serializers.CharField(max_length=128, write_only=True)
        new_password = serializers.CharField(max_length=128, write_only=True)

    @extend_schema(
        request=InputSerializer,
        responses={200: inline_serializer("PasswordOutput", {"token": serializers.CharField()})},
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        token = services.password_change(user=_me(request), **data.validated_data)
        update_session_auth_hash(request._request, _me(request))
        return Response({"token": token})


class EmailConfirmApi(APIView):
    """Confirm an e-mail address with the token of the link mailed to it."""

    permission_classes = [AllowAny]
    throttle_classes = [ScopedThrottle]
    throttle_scope = "login"

    class InputSerializer(serializers.Serializer):
        token = serializers.CharField(max_length=1000)

    @extend_schema(request=InputSerializer, responses={200: PlayerOutputSerializer}, tags=["auth"])
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(PlayerOutputSerializer(services.email_confirm(**data.validated_data)).data)


class PlayerListApi(APIView):
    permission_classes = [AllowAny]

    class Pagination(PageNumberPagination):
        page_size = 50

    @extend_schema(
        responses={200: PlayerOutputSerializer(many=True)},
        parameters=[OpenApiParameter("search", str, description="Part of the username.")],
        tags=["players"],
    )
    def get(self, request: Request) -> Response:
        paginator = self.Pagination()
        qs = selectors.player_list(search=request.query_params.get("search", "")[:150])
        page = paginator.paginate_queryset(qs, request, view=self)
        return paginator.get_paginated_response(PlayerOutputSerializer(page, many=True).data)


class PlayerDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: PlayerOutputSerializer}, tags=["players"])
    def get(self, request: Request, username: str) -> Response:
        return Response(PlayerOutputSerializer(selectors.player_get(username)).data)
