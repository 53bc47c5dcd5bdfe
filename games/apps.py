from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        from . import receivers, signals

        signals.game_finished.connect(receivers.game_finished, dispatch_uid="games.game_finished")
