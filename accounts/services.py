"""Writes for accounts: registration, profile changes, tokens."""

from __future__ import annotations

import zlib
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import password_validation
from django.contrib.auth.models import User
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import ngettext
from rest_framework.authtoken.models import Token

from outbox.services import enqueue
from tm_site.exceptions import ApplicationError, TooManyRequests
from tm_site.text import single_line

from . import extensions
from .authentication import token_problem
from .models import ConfirmationMail, Profile, TokenUse
from .tokens import EMAIL_LINK_DAYS, email_token_read, password_hash, password_hash_current
from .usernames import username_key, username_problem


def user_register(*, username: str, password: str, email: str = "", display_name: str = "") -> User:
    username_check(username)
    candidate = User(username=username, email=email)
    try:
        password_validation.validate_password(password, user=candidate)
    except ValidationError as exc:
        raise ApplicationError(" ".join(exc.messages)) from exc
    try:
        with transaction.atomic():
            user = User.objects.create_user(username=username, password=password)
            Profile.objects.filter(user=user).update(display_name=single_line(display_name))
            if email:
                email_change(user=user, email=str(email))
    except IntegrityError as exc:
        # A concurrent registration of the same name (ignoring case) or of a confusable one.
        raise ApplicationError(f"The username {username!r} is taken.") from exc
    return user


def username_check(username: str) -> None:
    """Raise ``ApplicationError`` unless ``username`` is valid and unlike every existing name."""
    problem = username_problem(username)
    if problem:
        raise ApplicationError(problem)
    if username.lower().startswith(BOT_USERNAME_PREFIX):
        raise ApplicationError(f"Names starting with {BOT_USERNAME_PREFIX!r} are the site's bots.")
    if User.objects.filter(username__iexact=username).exists():
        raise ApplicationError(f"The username {username!r} is taken.")
    alike = (
        Profile.objects.filter(username_key=username_key(username))
        .values_list("user__username", flat=True)
        .first()
    )
    if alike:
        raise ApplicationError(
            f"The username {username!r} is too easily mistaken for the player {alike!r}."
        )


# The site's own bots are named computer-<kind>-<level>-<n>: a game may seat several of one level.
BOT_USERNAME_PREFIX = "computer-"
MAX_BOTS_PER_LEVEL = 5


def bot_account(*, kind: str, level: str, number: int = 1) -> User:
    """The site's bot account that plays ``kind`` at ``level`` (the ``number``-th of that level,
    for a game with several), created on first use; it cannot log in."""
    if not 1 <= number <= MAX_BOTS_PER_LEVEL:
        raise ApplicationError(f"No more than {MAX_BOTS_PER_LEVEL} computer seats of one level.")
    username = f"{BOT_USERNAME_PREFIX}{kind}-{level}-{number}"
    name = f"Computer ({level})" if number == 1 else f"Computer {number} ({level})"
    with transaction.atomic():
        user = User.objects.filter(username=username).first()
        if user is None:
            try:
                with transaction.atomic():
                    user = User.objects.create_user(username=username)
            except IntegrityError:  # created at the same moment by another request
                user = User.objects.get(username=username)
        profile = profile_get_or_create(user)
        if (profile.is_bot, profile.bot_level, profile.display_name) != (True, level, name):
            profile.is_bot, profile.bot_level, profile.display_name = True, level, name
            profile.save(update_fields=["is_bot", "bot_level", "display_name"])
        user.profile = profile  # not the copy the account's creation cached
    return user


def bot_mark(*, user: User, is_bot: bool) -> Profile:
    """An owner marks their account as a bot (a program plays it through the API), or back."""
    profile = profile_get_or_create(user)
    if profile.bot_level:
        raise ApplicationError("The site's own bots stay bots.")
    if profile.is_bot != is_bot:
        profile.is_bot = is_bot
        profile.save(update_fields=["is_bot"])
    return profile


def profile_get_or_create(user: User) -> Profile:
    profile, _ = Profile.objects.get_or_create(user=user)
    return profile


def profile_update(*, user: User, **fields: object) -> Profile:
    profile = profile_get_or_create(user)
    switches = {n: bool(fields.pop(n)) for n in extensions.NOTIFY_SWITCHES if n in fields}
    extensions.notify_switches_update(user, switches)
    email = fields.pop("email", None)
    if email is not None:
        email_change(user=user, email=str(email))
        profile.refresh_from_db(fields=["email_pending"])
    if "is_bot" in fields:
        bot_mark(user=user, is_bot=bool(fields.pop("is_bot")))
        profile.refresh_from_db(fields=["is_bot"])
    if "display_name" in fields:
        fields["display_name"] = single_line(str(fields["display_name"]))
    for name, value in fields.items():
        setattr(profile, name, value)
    if fields:
        profile.save(update_fields=list(fields))
    return profile


def token_for(user: User) -> str:
    """The player's API token, issued now if they have none or theirs no longer authenticates
    (expired, the password changed, signed with a key that is gone): never a dead token."""
    now = timezone.now()
    with transaction.atomic():
        token = Token.objects.select_related("user", "use").filter(user=user).first()
        if token is not None and token_problem(token, now):
            token.delete()
            token = None
        if token is None:
            token = Token.objects.create(user=user)
        if not TokenUse.objects.filter(token=token).exists() or not password_hash_current(
            user, token.use.password_hash
        ):
            TokenUse.objects.update_or_create(
                token=token, defaults={"last_used_at": now, "password_hash": password_hash(user)}
            )
    return token.key


def token_revoke(user: User) -> None:
    Token.objects.filter(user=user).delete()


def password_change(*, user: User, old_password: str, new_password: str) -> str:
    """Change the password; every token issued before stops working. Returns a new token."""
    if not user.check_password(old_password):
        raise ApplicationError("The current password is wrong.")
    try:
        password_validation.validate_password(new_password, user=user)
    except ValidationError as exc:
        raise ApplicationError(" ".join(exc.messages)) from exc
    with transaction.atomic():
        user.set_password(new_password)
        user.save(update_fields=["password"])
        token_revoke(user)
        return token_for(user)


# --- e-mail addresses -------------------------------------------------------------------------


def email_change(*, user: User, email: str) -> None:
    """Ask for a new address: it is used once confirmed through the link mailed to it.

    Until then mail keeps going to the confirmed address (if any). An empty address removes it
    at once: that needs no confirmation.
    """
    email = User.objects.normalize_email(email.strip())
    profile = profile_get_or_create(user)
    if not email:
        user.email = ""
        user.save(update_fields=["email"])
        Profile.objects.filter(pk=profile.pk).update(email_pending="")
        return
    if email.lower() == (user.email or "").lower():
        Profile.objects.filter(pk=profile.pk).update(email_pending="")
        return
    with transaction.atomic():
        _confirmation_mail_allow(user, email)
        Profile.objects.filter(pk=profile.pk).update(email_pending=email)
        from . import tasks

        enqueue(tasks.email_confirmation_send, user.pk, email)


def _confirmation_mail_allow(user: User, email: str) -> None:
    """Count a confirmation mail to ``email`` for ``user``, or refuse it with a 429 naming the
    limit: ``CONFIRMATION_MAILS_PER_ACCOUNT`` an hour per account and
    ``CONFIRMATION_MAILS_PER_ADDRESS`` a day per address, so the site cannot be used to mail
    anyone over and over. Inside the caller's transaction, serialized per account and address."""
    now = timezone.now()
    address = email.lower()
    User.objects.select_for_update().filter(pk=user.pk).first()
    if connection.vendor == "postgresql":
        # Requests of different accounts for one address wait for each other here.
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_xact_lock(%s, %s)",
                [0x6D61696C, zlib.crc32(address.encode()) - 2**31],
            )
    ConfirmationMail.objects.filter(sent_at__lt=now - timedelta(days=1)).delete()
    per_account = settings.CONFIRMATION_MAILS_PER_ACCOUNT
    per_address = settings.CONFIRMATION_MAILS_PER_ADDRESS
    limits = [
        (
            ConfirmationMail.objects.filter(user=user),
            per_account,
            timedelta(hours=1),
            lambda wait: (
                ngettext(
                    "At most %(limit)d confirmation mail an hour per account: try again in "
                    "%(minutes)d minutes.",
                    "At most %(limit)d confirmation mails an hour per account: try again in "
                    "%(minutes)d minutes.",
                    per_account,
                )
                % {"limit": per_account, "minutes": max(1, wait // 60)}
            ),
        ),
        (
            ConfirmationMail.objects.filter(address=address),
            per_address,
            timedelta(days=1),
            lambda wait: (
                ngettext(
                    "At most %(limit)d confirmation mail a day goes to one address: try again in "
                    "%(hours)d hours.",
                    "At most %(limit)d confirmation mails a day go to one address: try again in "
                    "%(hours)d hours.",
                    per_address,
                )
                % {"limit": per_address, "hours": max(1, -(-wait // 3600))}
            ),
        ),
    ]
    for sent, limit, window, message in limits:
        recent = sent.filter(sent_at__gte=now - window)
        if recent.count() >= limit:
            oldest = recent.order_by("sent_at").values_list("sent_at", flat=True).first()
            wait = max(1, int(((oldest or now) + window - now).total_seconds()))
            raise TooManyRequests(message(wait), {"retry_after": wait})
    ConfirmationMail.objects.create(user=user, address=address, sent_at=now)


def email_confirm(*, token: str) -> User:
    """Confirm an address from its link: it becomes the player's address for mail."""
    try:
        user_id, email = email_token_read(token)
    except signing.SignatureExpired as exc:
        raise ApplicationError(
            f"This link is older than {EMAIL_LINK_DAYS} days: ask for a new one."
        ) from exc
    except signing.BadSignature as exc:
        raise ApplicationError("This confirmation link is not valid.") from exc
    with transaction.atomic():
        user = User.objects.select_for_update().filter(pk=user_id, is_active=True).first()
        if user is None:
            raise ApplicationError("This confirmation link is not valid.")
        profile = profile_get_or_create(user)
        if profile.email_pending.lower() != email.lower() and user.email.lower() != email.lower():
            raise ApplicationError("This address is no longer the one you asked for.")
        user.email = email
        user.save(update_fields=["email"])
        Profile.objects.filter(pk=profile.pk).update(email_pending="")
    return user
