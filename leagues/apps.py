from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"

    def ready(self) -> None:
        from games.signals import game_finished

        from . import receivers

        game_finished.connect(receivers.game_finished, dispatch_uid="leagues.game_finished")
