"""API token authentication with idle expiry and rotation on password change."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed

from tm_site.statements import Statement

from .tokens import password_hash, password_hash_current

# The token with its user and last use, in one statement built once (every API call runs it).
_TOKEN = Statement(lambda key: Token.objects.select_related("user", "use").filter(key=key), str)

# Writing the last use at most this often keeps reads free of writes.
_TOUCH_EVERY = timedelta(hours=1)


def token_problem(token: Token, now) -> str | None:
    """Why the token no longer authenticates, or None. The one rule for using a token and for
    handing it out again (``accounts.services.token_for``), so no dead token is handed out."""
    if not token.user.is_active:
        return "Invalid token."
    use = getattr(token, "use", None)
    last = use.last_used_at if use else token.created
    idle = timedelta(days=settings.API_TOKEN_IDLE_DAYS)
    if now - last > idle:
        return (
            f"The token expired after {idle.days} days without use: "
            "ask for a new one (POST /api/v1/auth/token/)."
        )
    if use is not None and password_hash_current(token.user, use.password_hash) is None:
        # Also a token signed with a SECRET_KEY that is neither the current one nor among
        # SECRET_KEY_FALLBACKS (docs/operations.md, "Rotating SECRET_KEY").
        return "The password changed since this token was issued: ask for a new one."
    return None


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str):
        token = _TOKEN.first(key)
        if token is None:
            raise AuthenticationFailed("Invalid token.")
        now = timezone.now()
        problem = token_problem(token, now)
        if problem:
            if token.user.is_active:
                token.delete()
            raise AuthenticationFailed(problem)
        use = getattr(token, "use", None)
        last = use.last_used_at if use else token.created
        # Signed with a fallback key: signed anew with the current one now.
        stale_key = use is not None and not password_hash_current(token.user, use.password_hash)
        if use is None or stale_key or now - last > _TOUCH_EVERY:
            from .models import TokenUse

            TokenUse.objects.update_or_create(
                token=token,
                defaults={"last_used_at": now, "password_hash": password_hash(token.user)},
            )
        return token.user, token
