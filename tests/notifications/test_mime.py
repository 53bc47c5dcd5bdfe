"""A notification's mail goes over SMTP as the very bytes Django would send (notifications.mime
writes them without the e-mail package's object tree), and whatever it would write otherwise
is left to Django."""

from __future__ import annotations

import re

import pytest
from django.core.mail import EmailMessage, EmailMultiAlternatives
from django.core.mail.message import sanitize_address
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notifications import emails, mime

ASCII = "[Tablelands] Your turn in Table 3"
GERMAN = "[Tablelands] Du bist am Zug in Übermut: ein Startwohnhaus setzen"
BODY = "Hallo Jörg,\n\nDu bist am Zug (Nomaden) in Table:\r\n  12. witches: build E7\n"


def django_sends(mail: EmailMessage) -> tuple[str, list[str], bytes]:
    """What Django's SMTP backend hands to smtplib for this mail."""
    return (
        sanitize_address(mail.from_email, "utf-8"),
        [sanitize_address(a, "utf-8") for a in mail.recipients()],
        mail.message().as_bytes(linesep="\r\n"),
    )


def same(message: bytes) -> bytes:
    """The message without what is drawn at random or read from the clock."""
    boundary = re.search(rb'boundary="([^"]+)"', message)
    assert boundary is not None
    message = message.replace(boundary.group(1), b"BOUNDARY")
    return re.sub(rb"\r\nDate: [^\r\n]+\r\n", b"\r\nDate: -\r\n", message)


def notification(subject: str, text: str, html: str, to: str = "player@example.org"):
    return emails.message(7, "your_turn:3:12:5", "your_turn", 5, to, subject, text, html)


def assert_as_django(mail: EmailMessage) -> bool:
    """True if the mail was written here (False: left to Django), asserting it is as Django's."""
    ours = mime.smtp_parts(mail)
    if ours is None:
        return False
    theirs = django_sends(mail)
    assert ours[:2] == theirs[:2]
    assert same(ours[2]) == same(theirs[2])
    return True


@pytest.mark.parametrize("subject", [ASCII, GERMAN, "[Tablelands] a  b ", "x" * 90])
@pytest.mark.parametrize("to", ["player@example.org", "Jörg <joerg@bücher.example>"])
def test_a_notification_is_the_bytes_django_would_send(subject, to):
    # The mails of the site take the direct way; headers to fold or encode too.
    assert assert_as_django(notification(subject, BODY, f"<p>{BODY}</p>\n", to))


def test_what_django_would_encode_otherwise_is_left_to_it():
    long_line = notification(ASCII, "x" * 999, "<p>x</p>")  # quoted-printable
    assert mime.smtp_parts(long_line) is None
    plain = EmailMessage(ASCII, BODY, to=["player@example.org"], headers={"Message-ID": "<a@b>"})
    assert mime.smtp_parts(plain) is None
    without_id = EmailMultiAlternatives(ASCII, BODY, to=["player@example.org"])
    without_id.attach_alternative("<p>x</p>", "text/html")
    assert mime.smtp_parts(without_id) is None


# A mail's words come from the database, which holds UTF-8 only: no lone surrogates.
texts = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=1, max_size=300)


subjects = st.text(
    st.characters(codec="utf-8", exclude_categories=["Cs"], exclude_characters="\r\n"),
    max_size=100,
) | st.text(st.sampled_from("ab =?Q_:;,\t[]\"'<>"), max_size=90)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(subject=subjects, text=texts)
def test_any_subject_and_text_are_written_as_django_writes_them(subject, text):
    assert_as_django(notification(subject, text, f"<p>{text}</p>"))
