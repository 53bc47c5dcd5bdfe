"""Composing mails: subject, plain-text and HTML parts from templates, links, unsubscribe tokens."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from urllib.parse import urlparse

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string

from accounts.selectors import display_name
from tm_site.text import single_line

UNSUBSCRIBE_SALT = "notifications.unsubscribe"
ALL_KINDS = "all"


@dataclass(frozen=True)
class Composed:
    subject: str
    text: str
    html: str
    summary: str
    url: str


def site_url(path: str) -> str:
    return f"{settings.SITE_URL}{path}"


def game_url(game_id: int) -> str:
    return site_url(f"/games/{game_id}/")


def game_name(game) -> str:
    return game.name or f"Game {game.pk}"


def unsubscribe_token(user_id: int, kind: str) -> str:
    """A signed, non-expiring token naming the player and the kind (or 'all')."""
    return signing.dumps({"u": user_id, "k": kind}, salt=UNSUBSCRIBE_SALT, compress=True)


def unsubscribe_token_read(token: str) -> tuple[int, str]:
    """(user id, kind) of a token; raises ``signing.BadSignature`` if it was not ours."""
    data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    return int(data["u"]), str(data["k"])


def unsubscribe_url(user_id: int, kind: str) -> str:
    return site_url(f"/notifications/unsubscribe/{unsubscribe_token(user_id, kind)}/")


def unsubscribe_kind(kind: str) -> str:
    """What the unsubscribe link of a mail of this kind switches off (a digest: everything)."""
    return ALL_KINDS if kind == "digest" else kind


def compose(
    kind: str, *, user, subject: str, summary: str, url: str, template: str = "", **context
) -> Composed:
    """Render ``notifications/email/<template or kind>.txt`` and ``.html`` for one recipient."""
    context = {
        "kind": kind,
        "user": user,
        "name": display_name(user),
        "url": url,
        "site_url": settings.SITE_URL,
        "site_name": settings.SITE_NAME,
        "preferences_url": site_url("/account/#notifications"),
        "unsubscribe_url": unsubscribe_url(user.pk, unsubscribe_kind(kind)),
        "unsubscribe_all_url": unsubscribe_url(user.pk, ALL_KINDS),
        **context,
    }
    # A subject is a header: whatever users typed into it (names, chat) stays on one line.
    subject = single_line(f"{settings.NOTIFICATIONS_SUBJECT_PREFIX}{subject}")
    return Composed(
        subject=subject[:250],
        text=render_to_string(f"notifications/email/{template or kind}.txt", context),
        html=render_to_string(f"notifications/email/{template or kind}.html", context),
        summary=summary[:300],
        url=url,
    )


def message_for(notification) -> EmailMultiAlternatives:
    """The mail of a notification, with a Message-ID derived from its key.

    A mail that is sent again (its worker died after the server took it) carries the same
    Message-ID, so mail clients show it once.
    """
    domain = urlparse(settings.SITE_URL).hostname or "localhost"
    digest = hashlib.sha256(notification.key.encode()).hexdigest()[:32]
    unsubscribe = unsubscribe_url(notification.user_id, unsubscribe_kind(notification.kind))
    message = EmailMultiAlternatives(
        subject=notification.subject,
        body=notification.text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[notification.user.email],
        headers={
            "Message-ID": f"<{digest}.{notification.pk}@{domain}>",
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
            "X-TM-Notification": notification.kind,
            "X-TM-Key": notification.key,
        },
    )
    message.attach_alternative(notification.html, "text/html")
    return message
