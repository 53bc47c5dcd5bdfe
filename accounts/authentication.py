"""API token authentication with idle expiry and rotation on password change."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from rest_framework.authentication import TokenAuthentication, get_authorization_header
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed

from tm_site.statements import Statement

from .tokens import password_hash, password_hash_current

# The token with its user and last use, in one statement built once (every API call runs it;
# a move reads it in its own first round trip: ``token_user``).
TOKEN = Statement(lambda key: Token.objects.select_related("user", "use").filter(key=key), str)

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


def token_key(request) -> str | None:
    """The key of a well-formed ``Authorization: Token <key>`` header, as
    ``ExpiringTokenAuthentication`` reads it; None for any other header (which it refuses with
    its own message, or leaves to the session)."""
    auth = get_authorization_header(request).split()
    if len(auth) != 2 or auth[0].lower() != ExpiringTokenAuthentication.keyword.lower().encode():
        return None
    try:
        return auth[1].decode()
    except UnicodeError:
        return None


def token_user(token: Token | None, now):
    """The token's user when the token authenticates as it stands, with nothing to write: found,
    not expired, its user active, its last use recorded within the hour under the current
    SECRET_KEY and the current password. None in every other case, which
    ``ExpiringTokenAuthentication`` then decides (refusing, or recording the use)."""
    use = getattr(token, "use", None) if token is not None else None
    if token is None or use is None or token_problem(token, now) is not None:
        return None
    if now - use.last_used_at > _TOUCH_EVERY:
        return None
    if password_hash_current(token.user, use.password_hash) is not True:
        return None
    return token.user


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str):
        token = TOKEN.first(key)
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
