from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"

    def ready(self) -> None:
        from games.signals import game_finished, game_reopened

        from . import receivers

        game_finished.connect(receivers.game_finished, dispatch_uid="leagues.game_finished")
        game_reopened.connect(receivers.game_finished, dispatch_uid="leagues.game_reopened")
