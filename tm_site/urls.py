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


urlpatterns = [
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
    path("api/v1/", include("accounts.api.urls")),
    path("api/v1/", include("games.api.urls")),
    path("api/v1/", include("bots.api.urls")),
    path("api/v1/", include("ratings.api.urls")),
    path("api/v1/", include("notifications.api.urls")),
    path("api/v1/", include("web.api.urls")),
    path("api/v1/", include("stats.api.urls")),
    path("api/v1/", include("opendata.api.urls")),
    path("", include("leagues.urls")),
    path("", include("stats.urls")),
    path("", include("opendata.urls")),
    path("", include("web.urls")),
    path("", include("notifications.urls")),
]
