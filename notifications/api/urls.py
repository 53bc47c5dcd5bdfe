from django.urls import path

from . import views

urlpatterns = [
    path("me/notifications/", views.PreferencesApi.as_view(), name="notification-preferences"),
    path(
        "notifications/unsubscribe/",
        views.UnsubscribeApi.as_view(),
        name="notification-unsubscribe-api",
    ),
]
