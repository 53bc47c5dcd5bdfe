"""Signed values of accounts: the fingerprint of a password, e-mail confirmation links."""

from __future__ import annotations

from django.core import signing
from django.utils.crypto import salted_hmac

EMAIL_SALT = "accounts.email-confirm"
EMAIL_LINK_DAYS = 3


def password_hash(user) -> str:
    """Changes whenever the password does (the stored hash is salted per password)."""
    return salted_hmac("accounts.token-password", user.password, algorithm="sha256").hexdigest()


def email_token(user_id: int, email: str) -> str:
    return signing.dumps({"u": user_id, "e": email}, salt=EMAIL_SALT, compress=True)


def email_token_read(token: str) -> tuple[int, str]:
    """(user id, address); raises ``signing.BadSignature`` (or its ``SignatureExpired``)."""
    data = signing.loads(token, salt=EMAIL_SALT, max_age=EMAIL_LINK_DAYS * 24 * 3600)
    return int(data["u"]), str(data["e"])
