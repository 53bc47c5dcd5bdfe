from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        from . import kinds, receivers, signals

        kinds.registry()  # every configured kind loads and keeps the contract, or nothing starts

        signals.game_finished.connect(receivers.game_finished, dispatch_uid="games.game_finished")
