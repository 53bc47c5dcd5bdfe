"""The account page: display name, e-mail address (confirmed by a mailed link), password,
mail notifications, automatic answers to power offers, the API token; and resetting a
forgotten password by mail. Thin: every change goes through the accounts, notifications and
web services."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.translation import gettext as _

from accounts import selectors as account_selectors
from accounts import services as account_services
from notifications import selectors as notification_selectors
from notifications import services as notification_services
from notifications.models import Delivery, Kind
from tm_site.exceptions import ApplicationError
from tm_site.throttling import page_throttled

from . import autoleech, selectors, services
from .forms import DisplayNameForm, EmailForm, PasswordChangeForm


def _me(request: HttpRequest) -> User:
    """The logged-in player of these pages (every one of them requires a login)."""
    return cast(User, request.user)


def _profile(request: HttpRequest) -> str:
    form = DisplayNameForm(request.POST)
    if not form.is_valid():
        raise ApplicationError(_("A display name has at most 60 characters."))
    account_services.profile_update(user=_me(request), **form.cleaned_data)
    return _("Display name saved.")


def _email(request: HttpRequest) -> str:
    form = EmailForm(request.POST)
    if not form.is_valid():
        raise ApplicationError(_("Enter a valid e-mail address, or leave the field empty."))
    email = form.cleaned_data["email"]
    account_services.email_change(user=_me(request), email=email)
    if not email:
        return _("Your address is removed: you receive no mail.")
    if email.lower() == (_me(request).email or "").lower():
        return _("This is already your address.")
    return _("A confirmation link was mailed to %(email)s: mail goes there once you follow it.") % {
        "email": email
    }


def _password(request: HttpRequest) -> str:
    form = PasswordChangeForm(request.POST)
    if not form.is_valid():
        errors = [str(e) for field in form.errors.values() for e in field]
        raise ApplicationError(" ".join(errors))
    account_services.password_change(
        user=_me(request),
        old_password=form.cleaned_data["old_password"],
        new_password=form.cleaned_data["new_password"],
    )
    # Stay logged in here; other sessions and every API token stop working.
    update_session_auth_hash(request, _me(request))
    return _("Password changed. Other sessions and API tokens were signed out.")


def _notifications(request: HttpRequest) -> str:
    changes = {
        kind: {
            "enabled": request.POST.get(f"{kind}-enabled") == "on",
            "delivery": request.POST.get(f"{kind}-delivery", Delivery.IMMEDIATE),
        }
        for kind in Kind.values
    }
    notification_services.preferences_update(user=_me(request), changes=changes)
    return _("Mail settings saved.")


def _autoleech(request: HttpRequest) -> str:
    form = autoleech.form_class()(request.POST)
    if not form.is_valid():
        raise ApplicationError(_("Amounts are whole numbers from 0 to 99."))
    services.autoleech_default_update(user=_me(request), settings=form.cleaned_data)
    return _("Automatic answers saved: they apply in every game without settings of its own.")


def _token(request: HttpRequest) -> str:
    account_services.token_revoke(_me(request))
    if request.POST.get("action") == "revoke":
        return _("API token revoked.")
    key = account_services.token_for(_me(request))
    return _("Your new API token (shown once; the old one no longer works): %(key)s") % {"key": key}


def _bot(request: HttpRequest) -> str:
    is_bot = request.POST.get("is_bot") == "on"
    account_services.bot_mark(user=_me(request), is_bot=is_bot)
    if is_bot:
        return _("This account is marked as a bot: it shows as one and has the bots' leaderboard.")
    return _("This account is a player's again.")


SECTIONS: dict[str, Callable[[HttpRequest], str]] = {
    "bot": _bot,
    "profile": _profile,
    "email": _email,
    "password": _password,
    "notifications": _notifications,
    "autoleech": _autoleech,
    "token": _token,
}


@login_required
def account_page(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        section = request.POST.get("section", "")
        handler = SECTIONS.get(section)
        if handler is not None:
            try:
                messages.success(request, handler(request), extra_tags=section)
            except ApplicationError as exc:
                messages.error(request, exc.message, extra_tags=section)
        return redirect(reverse("account") + (f"#{section}" if handler else ""))
    user = _me(request)
    preferences = notification_selectors.preferences_view(user)
    defaults = selectors.autoleech_default_get(user)
    context = {
        "pending_email": account_services.profile_get_or_create(user).email_pending,
        "display_name": account_services.profile_get_or_create(user).display_name,
        "is_bot": account_selectors.is_bot(user),
        "kinds": [
            {"kind": kind, "label": label, **preferences[kind]} for kind, label in Kind.choices
        ],
        "deliveries": Delivery.choices,
        "autoleech": defaults or {**autoleech.defaults(), "enabled": False},
        "autoleech_stored": defaults is not None,
        "autoleech_form": autoleech.form_class()(),
        "autoleech_template": autoleech.fields_template(),
        "has_token": account_selectors.has_api_token(user),
        "standing": selectors.rating_standing(user),
    }
    return render(request, "web/account.html", context)


# --- a forgotten password, reset by mail -------------------------------------------------------


class PasswordResetView(auth_views.PasswordResetView):
    template_name = "web/password_reset.html"
    email_template_name = "web/password_reset_email.txt"
    subject_template_name = "web/password_reset_subject.txt"
    success_url = reverse_lazy("password-reset-done")

    # The link is built from SITE_URL, never from the request's Host header, which the client
    # chooses: a forged Host would otherwise send the victim a link to another site.
    @property
    def extra_email_context(self) -> dict[str, str]:  # type: ignore[override]
        return {"site_name": settings.SITE_NAME, "site_url": settings.SITE_URL}

    @property
    def domain_override(self) -> str:
        return urlsplit(settings.SITE_URL).netloc

    def post(self, request, *args, **kwargs):
        if page_throttled(request, "login"):
            return render(request, self.template_name, {"throttled": True}, status=429)
        return super().post(request, *args, **kwargs)


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "web/password_reset_done.html"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "web/password_reset_confirm.html"
    success_url = reverse_lazy("password-reset-complete")
    # API tokens issued under the old password stop working by themselves (accounts.TokenUse).
    post_reset_login = True
    post_reset_login_backend = "django.contrib.auth.backends.ModelBackend"


class PasswordResetCompleteView(auth_views.PasswordResetCompleteView):
    template_name = "web/password_reset_complete.html"
