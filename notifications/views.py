"""The page an unsubscribe link opens.

GET shows what the link switches off and a button; POST switches it off. Mail clients that
offer one-click unsubscribing (RFC 8058, the List-Unsubscribe-Post header) POST to the same
address without a session, so the signed token is the only credential and CSRF does not apply.
"""

from __future__ import annotations

from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from tm_site.exceptions import ApplicationError

from . import emails, services
from .models import Kind


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe_page(request: HttpRequest, token: str) -> HttpResponse:
    try:
        _, kind = emails.unsubscribe_token_read(token)
        label = "every mail" if kind == emails.ALL_KINDS else f"mails when {Kind(kind).label}"
    except (signing.BadSignature, ValueError):
        return render(request, "notifications/unsubscribe.html", {"invalid": True}, status=400)
    context = {"token": token, "label": label, "done": False}
    if request.method == "POST":
        try:
            services.unsubscribe(token=token)
        except ApplicationError:
            return render(request, "notifications/unsubscribe.html", {"invalid": True}, status=400)
        context["done"] = True
    return render(request, "notifications/unsubscribe.html", context)
