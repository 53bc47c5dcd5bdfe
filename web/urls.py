from django.urls import path

from games.api.urls import GameIdConverter  # noqa: F401  (registers the game_id converter)

from . import account_views, language_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("games/new/", views.new_game, name="game-new"),
    path("games/<game_id:game_id>/", views.game_page, name="game-page"),
    path("games/<game_id:game_id>/join/", views.join_game, name="game-join-page"),
    path("games/<game_id:game_id>/leave/", views.leave_game, name="game-leave-page"),
    path("games/<game_id:game_id>/start/", views.start_game, name="game-start-page"),
    path("games/<game_id:game_id>/resign/", views.resign_game, name="game-resign-page"),
    path("games/<game_id:game_id>/seats/bot/", views.hand_seat_to_bot, name="game-seat-bot-page"),
    path("games/<game_id:game_id>/move/", views.play_move, name="game-move-page"),
    path("games/<game_id:game_id>/undo/", views.undo_move, name="game-undo-page"),
    path("games/<game_id:game_id>/chat/", views.post_chat, name="game-chat-page"),
    path("games/<game_id:game_id>/autoleech/", views.save_autoleech, name="game-autoleech-page"),
    path("players/<str:username>/", views.profile, name="player-page"),
    path("leaderboard/", views.leaderboard, name="leaderboard"),
    path("leaderboard/bots/", views.leaderboard, {"bots": True}, name="leaderboard-bots"),
    path("login/", views.login_page, name="login"),
    path("account/email/confirm/<str:token>/", views.email_confirm_page, name="email-confirm"),
    path("account/", account_views.account_page, name="account"),
    path(
        "account/password/reset/",
        account_views.PasswordResetView.as_view(),
        name="password-reset",
    ),
    path(
        "account/password/reset/sent/",
        account_views.PasswordResetDoneView.as_view(),
        name="password-reset-done",
    ),
    path(
        "account/password/reset/<uidb64>/<token>/",
        account_views.PasswordResetConfirmView.as_view(),
        name="password-reset-confirm",
    ),
    path(
        "account/password/reset/done/",
        account_views.PasswordResetCompleteView.as_view(),
        name="password-reset-complete",
    ),
    path("how-to-play/", views.how_to_play, name="how-to-play"),
    path("register/", views.register_page, name="register"),
    path("logout/", views.logout_page, name="logout"),
    path("language/", language_views.language_set, name="language-set"),
]
