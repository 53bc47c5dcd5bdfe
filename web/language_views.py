"""The header's language switch: Django's set_language, remembered on the player's profile."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from accounts import selectors as account_selectors
from accounts import services as account_services


@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """Sets the language cookie (and goes back to ``next``); a logged-in player keeps the
    choice on their profile, so mails and their other browsers use it too."""
    response = set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in dict(settings.LANGUAGES):
        account_services.profile_update(user=request.user, language=language)
    return response


def language_remember(response: HttpResponse, user) -> HttpResponse:
    """After logging in: the profile's language becomes this browser's."""
    profile = getattr(user, "profile", None)
    if profile is not None and profile.language:
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            account_selectors.language_of(user),
            max_age=settings.LANGUAGE_COOKIE_AGE,
            samesite="Lax",  # as settings.LANGUAGE_COOKIE_SAMESITE
        )
    return response
