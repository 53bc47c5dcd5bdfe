from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/v1/", include("accounts.api.urls")),
    path("api/v1/", include("games.api.urls")),
    path("api/v1/", include("ratings.api.urls")),
    path("api/v1/", include("notifications.api.urls")),
    path("api/v1/", include("web.api.urls")),
    path("", include("leagues.urls")),
    path("", include("web.urls")),
    path("", include("notifications.urls")),
]
