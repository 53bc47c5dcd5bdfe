"""Every account has a profile, whatever created it (registration, import, admin, shell)."""

from __future__ import annotations

from typing import Any

from .models import Profile
from .usernames import username_key


def user_saved(
    sender: Any, instance: Any, created: bool, update_fields=None, **kwargs: Any
) -> None:
    if update_fields is not None and "username" not in update_fields:
        return  # a login (last_login) or a password change: the name is the same
    key = username_key(instance.get_username())
    if created:
        Profile.objects.get_or_create(user=instance, defaults={"username_key": key})
    else:
        Profile.objects.filter(user=instance).update(username_key=key)
