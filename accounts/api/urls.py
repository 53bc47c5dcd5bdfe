from django.urls import path

from . import views

urlpatterns = [
    path("auth/register/", views.RegisterApi.as_view(), name="auth-register"),
    path("auth/token/", views.TokenApi.as_view(), name="auth-token"),
    path("auth/login/", views.LoginApi.as_view(), name="auth-login"),
    path("auth/logout/", views.LogoutApi.as_view(), name="auth-logout"),
    path("me/", views.MeApi.as_view(), name="me"),
    path("me/password/", views.PasswordApi.as_view(), name="me-password"),
    path("auth/email/confirm/", views.EmailConfirmApi.as_view(), name="auth-email-confirm"),
    path("players/", views.PlayerListApi.as_view(), name="player-list"),
    path("players/<str:username>/", views.PlayerDetailApi.as_view(), name="player-detail"),
]
