"""Composing mails: subject, plain-text and HTML parts from templates, links, unsubscribe tokens."""

from __future__ import annotations

import functools
import hashlib
import os
import smtplib
import threading
import time
from dataclasses import dataclass
from urllib.parse import urlparse

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage, EmailMultiAlternatives, get_connection
from django.core.mail.backends.smtp import EmailBackend as SMTPBackend
from django.template.loader import render_to_string

from tm_site.text import single_line

from . import mime, render

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
    """A signed, non-expiring token naming the player and the kind (or 'all').

    A worker signs the same few tokens again and again (each mail has two, each player gets
    mail after mail): they are kept per secret key. A kept token carries the time it was first
    signed, which nothing reads (the tokens never expire).
    """
    return _token(settings.SECRET_KEY, user_id, kind)


@functools.lru_cache(maxsize=4096)
def _token(secret: str, user_id: int, kind: str) -> str:
    payload = {"u": user_id, "k": kind}
    return signing.dumps(payload, key=secret, salt=UNSUBSCRIBE_SALT, compress=True)


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
    kind: str,
    *,
    user_id: int,
    name: str,
    subject: str,
    summary: str,
    url: str,
    template: str = "",
    **context,
) -> Composed:
    """Render ``notifications/email/<template or kind>.txt`` and ``.html`` for one recipient
    (``name``: how the mail greets them)."""
    context = {
        "kind": kind,
        "name": name,
        "url": url,
        "site_url": settings.SITE_URL,
        "site_name": settings.SITE_NAME,
        "preferences_url": site_url("/account/#notifications"),
        "unsubscribe_url": unsubscribe_url(user_id, unsubscribe_kind(kind)),
        "unsubscribe_all_url": unsubscribe_url(user_id, ALL_KINDS),
        **context,
    }
    # A subject is a header: whatever users typed into it (names, chat) stays on one line.
    subject = single_line(f"{settings.NOTIFICATIONS_SUBJECT_PREFIX}{subject}")
    name = template or kind
    # A move's mails are written without the template engine (notifications.render).
    parts = render.mail(name, context) or (
        render_to_string(f"notifications/email/{name}.txt", context),
        render_to_string(f"notifications/email/{name}.html", context),
    )
    return Composed(
        subject=subject[:250],
        text=parts[0],
        html=parts[1],
        summary=summary[:300],
        url=url,
    )


def message_for(notification) -> EmailMultiAlternatives:
    """The mail of a stored notification (its user read with it)."""
    n = notification
    return message(n.pk, n.key, n.kind, n.user_id, n.user.email, n.subject, n.text, n.html)


def message(
    pk: int, key: str, kind: str, user_id: int, to: str, subject: str, text: str, html: str, /
) -> EmailMultiAlternatives:
    """The mail of notification ``pk``, with a Message-ID derived from its key.

    A mail that is sent again (its worker died after the server took it) carries the same
    Message-ID, so mail clients show it once.
    """
    domain = urlparse(settings.SITE_URL).hostname or "localhost"
    digest = hashlib.sha256(key.encode()).hexdigest()[:32]
    unsubscribe = unsubscribe_url(user_id, unsubscribe_kind(kind))
    mail = EmailMultiAlternatives(
        subject=subject,
        body=text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[to],
        headers={
            "Message-ID": f"<{digest}.{pk}@{domain}>",
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
            "X-TM-Notification": kind,
            "X-TM-Key": key,
        },
    )
    mail.attach_alternative(html, "text/html")
    return mail


# --- sending over a kept connection ----------------------------------------------------------

# A worker sends mail after mail: opening an SMTP connection for each (connect, EHLO, maybe
# STARTTLS and AUTH, then QUIT) cost more CPU than the mail itself. Each thread keeps one open,
# for as long as the settings name the same server, at most KEEP_IDLE seconds idle (servers
# drop idle clients, RFC 5321 after 5 minutes at the earliest) and KEEP_MESSAGES mails (some
# servers limit the mails of one connection).
KEEP_IDLE = 30.0
KEEP_MESSAGES = 100
_SETTINGS = (
    "EMAIL_BACKEND",
    "EMAIL_HOST",
    "EMAIL_PORT",
    "EMAIL_HOST_USER",
    "EMAIL_HOST_PASSWORD",
    "EMAIL_USE_TLS",
    "EMAIL_USE_SSL",
    "EMAIL_SSL_CERTFILE",
    "EMAIL_SSL_KEYFILE",
    "EMAIL_TIMEOUT",
)
# Errors of a connection the server has closed or is closing: nothing of the mail was taken.
_GONE = (smtplib.SMTPServerDisconnected, ConnectionError)


class _Kept(threading.local):
    pid = 0
    key: tuple | None = None
    backend: SMTPBackend | None = None
    used_at = 0.0
    sent = 0


_kept = _Kept()


def send(mail: EmailMessage) -> None:
    """Send one mail; over SMTP through this thread's kept connection.

    A kept connection the server has closed meanwhile fails before the mail is taken; the mail
    then goes once more over a new connection. Any other error is the caller's (the mail stays
    to be sent again), and the connection is closed: its state is unknown.
    """
    backend = _backend()
    if backend is None:  # another backend (tests, console, files): as Django sends
        mail.send()
        return
    reused = backend.connection is not None
    try:
        _send_once(backend, mail)
    except Exception as exc:
        _close_quietly(backend)
        gone = isinstance(exc, _GONE) or (
            isinstance(exc, smtplib.SMTPResponseException) and exc.smtp_code == 421
        )
        if not (reused and gone):
            raise
        _send_once(backend, mail)  # a new connection (closed ones reopen)


def _send_once(backend: SMTPBackend, mail: EmailMessage) -> None:
    backend.open()  # kept open: send_messages closes only connections it opened itself
    parts = mime.smtp_parts(mail)  # the bytes Django would send, written directly
    if parts is None:
        backend.send_messages([mail])
    else:
        with backend._lock:
            assert backend.connection is not None
            backend.connection.sendmail(*parts)
    _kept.used_at = time.monotonic()
    _kept.sent += 1


def _backend() -> SMTPBackend | None:
    """This thread's SMTP backend for the current settings, its connection still fresh; None
    for another backend."""
    kept = _kept
    if kept.pid != os.getpid():
        # A forked child (a pool process) leaves its parent's connection alone: no QUIT on it.
        kept.pid, kept.key, kept.backend = os.getpid(), None, None
    key = tuple(getattr(settings, name, None) for name in _SETTINGS)
    if kept.key != key:
        if kept.backend is not None:
            _close_quietly(kept.backend)
        made = get_connection(fail_silently=False)
        kept.key, kept.sent = key, 0
        kept.backend = made if isinstance(made, SMTPBackend) else None
    backend = kept.backend
    if backend is None:
        return None
    stale = time.monotonic() - kept.used_at > KEEP_IDLE or kept.sent >= KEEP_MESSAGES
    if backend.connection is not None and stale:
        _close_quietly(backend)
    if backend.connection is None:
        kept.sent = 0
    return backend


def _close_quietly(backend: SMTPBackend) -> None:
    try:
        backend.close()
    except Exception:  # a connection that is gone already
        backend.connection = None
