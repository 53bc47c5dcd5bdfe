"""Mail of the accounts app: e-mail address confirmations."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext

from .selectors import language_of
from .tokens import EMAIL_LINK_DAYS, email_token


@shared_task(
    name="accounts.tasks.email_confirmation_send",
    autoretry_for=(OSError,),
    retry_backoff=True,
    max_retries=8,
)
def email_confirmation_send(user_id: int, email: str) -> None:
    """Mail the confirmation link to the address being confirmed (and nowhere else)."""
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        return
    site = getattr(settings, "SITE_URL", "http://127.0.0.1:8000")
    context = {
        "username": user.get_username(),
        "link": f"{site}/account/email/confirm/{email_token(user_id, email)}/",
        "days": EMAIL_LINK_DAYS,
    }
    # In the player's language: a task has no browser to ask.
    with translation.override(language_of(user)):
        subject = gettext("Confirm your e-mail address")
        message = render_to_string("accounts/email_confirm.txt", context)
    send_mail(
        subject=f"{settings.NOTIFICATIONS_SUBJECT_PREFIX}{subject}",
        message=message,
        from_email=settings.DEFAULT_FROM_EMAIL,
        recipient_list=[email],
    )
