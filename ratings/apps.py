from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"

    def ready(self) -> None:
        from games.signals import game_reopened

        from . import receivers

        game_reopened.connect(receivers.game_reopened, dispatch_uid="ratings.game_reopened")
