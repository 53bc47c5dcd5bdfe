"""API token authentication with idle expiry and rotation on password change."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed

from .tokens import password_hash

# Writing the last use at most this often keeps reads free of writes.
_TOUCH_EVERY = timedelta(hours=1)


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str):
        try:
            token = Token.objects.select_related("user", "use").get(key=key)
        except Token.DoesNotExist:
            raise AuthenticationFailed("Invalid token.") from None
        if not token.user.is_active:
            raise AuthenticationFailed("Invalid token.")
        use = getattr(token, "use", None)
        now = timezone.now()
        last = use.last_used_at if use else token.created
        idle = timedelta(days=settings.API_TOKEN_IDLE_DAYS)
        if now - last > idle:
            token.delete()
            raise AuthenticationFailed(
                f"The token expired after {idle.days} days without use: "
                "ask for a new one (POST /api/v1/auth/token/)."
            )
        if use is not None and use.password_hash != password_hash(token.user):
            token.delete()
            raise AuthenticationFailed(
                "The password changed since this token was issued: ask for a new one."
            )
        if use is None or now - last > _TOUCH_EVERY:
            from .models import TokenUse

            TokenUse.objects.update_or_create(
                token=token,
                defaults={"last_used_at": now, "password_hash": password_hash(token.user)},
            )
        return token.user, token
