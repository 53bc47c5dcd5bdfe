"""Writes for accounts: registration, profile changes, tokens."""

from __future__ import annotations

from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from rest_framework.authtoken.models import Token

from tm_site.exceptions import ApplicationError

from .models import Profile

User = get_user_model()


def user_register(
    *, username: str, password: str, email: str = "", display_name: str = ""
) -> AbstractBaseUser:
    if User.objects.filter(username__iexact=username).exists():
        raise ApplicationError(f"The username {username!r} is taken.")
    candidate = User(username=username, email=email)
    try:
        password_validation.validate_password(password, user=candidate)
    except ValidationError as exc:
        raise ApplicationError(" ".join(exc.messages)) from exc
    try:
        with transaction.atomic():
            user = User.objects.create_user(username=username, email=email, password=password)
            Profile.objects.create(user=user, display_name=display_name)
    except IntegrityError as exc:
        raise ApplicationError(f"The username {username!r} is taken.") from exc
    return user


def profile_get_or_create(user: AbstractBaseUser) -> Profile:
    profile, _ = Profile.objects.get_or_create(user=user)
    return profile


# The profile's e-mail switches, kept for API clients; each stands for notification kinds.
NOTIFY_SWITCHES = {
    "notify_your_turn": ("your_turn", "decision"),
    "notify_chat": ("chat",),
    "notify_game_end": ("game_over",),
}


def profile_update(*, user: AbstractBaseUser, **fields: object) -> Profile:
    from notifications.services import preferences_update

    profile = profile_get_or_create(user)
    switches = {}
    for name, kinds in NOTIFY_SWITCHES.items():
        if name in fields:
            enabled = bool(fields.pop(name))
            switches.update({kind: {"enabled": enabled} for kind in kinds})
    if switches:
        preferences_update(user=user, changes=switches)
    email = fields.pop("email", None)
    if email is not None:
        user.email = email
        user.save(update_fields=["email"])
    for name, value in fields.items():
        setattr(profile, name, value)
    if fields:
        profile.save(update_fields=list(fields))
    return profile


def token_for(user: AbstractBaseUser) -> str:
    token, _ = Token.objects.get_or_create(user=user)
    return token.key


def token_revoke(user: AbstractBaseUser) -> None:
    Token.objects.filter(user=user).delete()
