from importlib import import_module

from django.contrib import admin
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from .throttling import page_throttled


def admin_login(request: HttpRequest) -> HttpResponse:
    """The admin's login form, with the same limit on attempts as every other login."""
    if page_throttled(request, "login"):
        return HttpResponse(
            "Too many login attempts: try again in a minute.", status=429, content_type="text/plain"
        )
    return admin.site.login(request)


def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico on pages that name no icon (the admin)."""
    return HttpResponsePermanentRedirect(static("web/img/favicon.svg"))


# The API's routes, each app's in this order, under one prefix tried first: a call (a move above
# all) is matched by one include, not by a walk through the others that raises a miss for each
# (about 60 µs a move under load: docs/scaling.md). No other route starts with "api/v1/".
API_V1 = [
    "accounts.api.urls",
    "games.api.urls",
    "bots.api.urls",
    "ratings.api.urls",
    "notifications.api.urls",
    "web.api.urls",
    "stats.api.urls",
    "opendata.api.urls",
]

urlpatterns = [
    path("api/v1/", include([p for name in API_V1 for p in import_module(name).urlpatterns])),
    path("favicon.ico", favicon),
    # The scripts' translations (web/static/web/js/i18n.js), as a same-origin script.
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("admin/login/", admin_login, name="admin-login"),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path(
        "api/docs/",
        SpectacularSwaggerSplitView.as_view(url_name="schema", template_name="web/api_docs.html"),
        name="api-docs",
    ),
    path("", include("leagues.urls")),
    path("", include("stats.urls")),
    path("", include("opendata.urls")),
    path("", include("web.urls")),
    path("", include("notifications.urls")),
]
