"""A notification's mail as the bytes Django's SMTP backend would send, built without the
e-mail package's object tree.

Django builds a MIME tree for each mail (``EmailMessage.message()``), then Python's generator
folds every header through ``email.header.Header`` and compiles a regular expression for the
boundary: most of a turn mail's sending CPU (docs/scaling.md, issue 28). A notification is
always the same shape (a plain-text body and one HTML alternative, no attachments, no Cc), so
its bytes are written here directly; whatever does not fit that shape, or might be written
otherwise by Django (a header to fold or to encode, a line longer than 998 bytes), goes through
Django as before. tests/notifications/test_mime.py compares both outputs byte for byte.
"""

from __future__ import annotations

import functools
import random
import re
import sys
from email import policy as policies
from email.utils import formatdate

from django.conf import settings
from django.core.mail import EmailMessage, EmailMultiAlternatives
from django.core.mail.message import (
    RFC5322_EMAIL_LINE_LENGTH_LIMIT,
    forbid_multi_line_headers,
    sanitize_address,
)

CRLF = "\r\n"
# Python's generator, as the SMTP backend runs it (``as_bytes(linesep="\r\n")``).
_POLICY = policies.compat32.clone(linesep=CRLF)
_NEWLINES = re.compile(r"\r\n|\r|\n")
# A header line the generator writes as it is: printable ASCII, single spaces, no longer than
# the policy's 78 characters (anything else is folded by email.header.Header).
_PLAIN = re.compile(r"[!-~]+(?: [!-~]+)*")
_MAX_LINE = 78
_SKIPPED = {"from", "to", "cc", "reply-to"}  # Django's message() sets these itself
_BOUNDARY_WIDTH = len(repr(sys.maxsize - 1))


def smtp_parts(mail: EmailMessage) -> tuple[str, list[str], bytes] | None:
    """(envelope sender, recipients, the message's bytes) as Django's SMTP backend would send
    ``mail``, or None for a mail of another shape (then Django sends it)."""
    texts = _texts(mail)
    if texts is None:
        return None
    text, html = texts
    encoding = mail.encoding or settings.DEFAULT_CHARSET
    if _long_lines(text) or _long_lines(html):
        return None  # Django encodes these quoted-printable
    headers = [("Subject", mail.subject), ("From", mail.extra_headers.get("From", mail.from_email))]
    headers.append(("To", mail.extra_headers.get("To", ", ".join(str(v) for v in mail.to))))
    names = {name.lower() for name in mail.extra_headers}
    if "date" not in names:
        headers.append(("Date", formatdate(localtime=settings.EMAIL_USE_LOCALTIME)))
    if "message-id" not in names:
        return None  # Django makes one up from the host's name
    headers.extend(
        (name, value) for name, value in mail.extra_headers.items() if name.lower() not in _SKIPPED
    )
    parts = [_part("plain", text), _part("html", html)]
    boundary = _boundary(parts)
    lines = [
        _header("Content-Type", f'multipart/alternative; boundary="{boundary}"'),
        b"MIME-Version: 1.0\r\n",
    ]
    for name, value in headers:
        if not (name == "Subject" and _plain(name, value)):  # else Header would not change it
            name, value = forbid_multi_line_headers(name, value, encoding)
        lines.append(_header(name, value))
    separator = f"--{boundary}".encode()
    lines += [b"\r\n", separator, b"\r\n", parts[0], b"\r\n", separator, b"\r\n", parts[1]]
    lines += [b"\r\n", separator, b"--\r\n"]
    sender = _sanitized(mail.from_email, encoding)
    recipients = [_sanitized(address, encoding) for address in mail.recipients()]
    return sender, recipients, b"".join(lines)


def _texts(mail: EmailMessage) -> tuple[str, str] | None:
    """(plain text, HTML) of a mail of a notification's shape; None for any other."""
    if not isinstance(mail, EmailMultiAlternatives) or type(mail) is not EmailMultiAlternatives:
        return None
    fits = (
        mail.content_subtype == "plain"
        and getattr(mail, "mixed_subtype", None) == "mixed"
        and getattr(mail, "alternative_subtype", None) == "alternative"
        and len(mail.alternatives) == 1
        and mail.alternatives[0][1] == "text/html"
        and not mail.attachments
        and not mail.cc
        and not mail.reply_to
        and bool(mail.to)
        and (mail.encoding or settings.DEFAULT_CHARSET) == "utf-8"
    )
    text, html = mail.body, mail.alternatives[0][0] if mail.alternatives else None
    if not fits or not isinstance(text, str) or not text or not isinstance(html, str):
        return None
    return text, html


def _long_lines(text: str) -> bool:
    return any(
        len(line.encode(errors="surrogateescape")) > RFC5322_EMAIL_LINE_LENGTH_LIMIT
        for line in text.splitlines()
    )


def _part(subtype: str, text: str) -> bytes:
    """One text part: its headers as MIMEText writes them, its lines ending in CRLF."""
    body = _NEWLINES.sub(CRLF, text).encode("utf-8", "surrogateescape")
    cte = "7bit" if body.isascii() else "8bit"
    head = (
        f'Content-Type: text/{subtype}; charset="utf-8"\r\nMIME-Version: 1.0\r\n'
        f"Content-Transfer-Encoding: {cte}\r\n\r\n"
    )
    return head.encode() + body


def _boundary(parts: list[bytes]) -> str:
    """A boundary as the generator makes one: random, and found in no part."""
    token = random.randrange(sys.maxsize)
    boundary = "=" * 15 + f"{token:0{_BOUNDARY_WIDTH}d}" + "=="
    found, counter = boundary, 0
    while any(found.encode() in part for part in parts):
        counter += 1
        found = f"{boundary}.{counter}"
    return found


def _plain(name: str, value: object) -> bool:
    """A header the generator writes as it is (nothing to fold or encode)."""
    return (
        isinstance(value, str)
        and len(name) + 2 + len(value) <= _MAX_LINE
        and _PLAIN.fullmatch(value) is not None
    )


def _header(name: str, value: str) -> bytes:
    """A header line as the generator writes it; folded by the e-mail package when needed."""
    if _plain(name, value):
        return f"{name}: {value}\r\n".encode("ascii")
    return _POLICY.fold_binary(name, value)


@functools.lru_cache(maxsize=4096)
def _sanitized(address: str, encoding: str) -> str:
    return sanitize_address(address, encoding)
