from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from rest_framework.authtoken.models import Token

from tm_site.exceptions import NotFound

from . import extensions

User = get_user_model()


def player_list(*, search: str = "") -> QuerySet:
    qs = User.objects.filter(is_active=True).select_related("profile").order_by("username")
    if search:
        qs = qs.filter(username__icontains=search)
    return qs


def player_get(username: str):
    user = User.objects.filter(username=username, is_active=True).select_related("profile").first()
    if user is None:
        raise NotFound(f"No player named {username!r}.")
    return user


def display_name(user) -> str:
    profile = getattr(user, "profile", None)
    return name_shown(profile.display_name if profile else "", user.get_username())


def name_shown(chosen: str | None, username: str) -> str:
    """The name a player goes by: the profile's display name, else the username."""
    return chosen or username


def is_bot(user) -> bool:
    """Whether a program plays this account (its owner's bot, or the site's own)."""
    profile = getattr(user, "profile", None)
    return bool(profile and profile.is_bot)


def bot_level(user) -> str:
    """The level the site plays its own bot at; "" for every other account."""
    profile = getattr(user, "profile", None)
    return profile.bot_level if profile else ""


def language_of(user) -> str:
    """The language to write to the player in: their choice, else the site's default."""
    profile = getattr(user, "profile", None)
    return language_chosen(profile.language if profile else "")


def language_chosen(chosen: str | None) -> str:
    """A profile's language if the site speaks it, else the site's default."""
    return chosen if chosen and chosen in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


def notify_switches(user) -> dict[str, bool]:
    """The profile's e-mail switches (read from the notification preferences they stand for)."""
    return extensions.notify_switches(user)


def has_api_token(user) -> bool:
    return Token.objects.filter(user=user).exists()
