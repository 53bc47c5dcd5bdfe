"""Signed values of accounts: the fingerprint of a password, e-mail confirmation links."""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.utils.crypto import constant_time_compare, salted_hmac

EMAIL_SALT = "accounts.email-confirm"
EMAIL_LINK_DAYS = 3


def password_hash(user, secret: str | None = None) -> str:
    """Changes whenever the password does (the stored hash is salted per password); signed with
    ``secret``, by default the current SECRET_KEY."""
    return salted_hmac(
        "accounts.token-password", user.password, secret=secret, algorithm="sha256"
    ).hexdigest()


def password_hash_current(user, stored: str) -> bool | None:
    """Whether ``stored`` is the fingerprint of the user's password: True under the current
    SECRET_KEY, False under one of ``SECRET_KEY_FALLBACKS`` (still good, to be signed anew),
    None when it is not (the password changed, or the key it was signed with is gone)."""
    if constant_time_compare(stored, password_hash(user)):
        return True
    for secret in settings.SECRET_KEY_FALLBACKS:
        if constant_time_compare(stored, password_hash(user, secret)):
            return False
    return None


def email_token(user_id: int, email: str) -> str:
    return signing.dumps({"u": user_id, "e": email}, salt=EMAIL_SALT, compress=True)


def email_token_read(token: str) -> tuple[int, str]:
    """(user id, address); raises ``signing.BadSignature`` (or its ``SignatureExpired``)."""
    data = signing.loads(token, salt=EMAIL_SALT, max_age=EMAIL_LINK_DAYS * 24 * 3600)
    return int(data["u"]), str(data["e"])
