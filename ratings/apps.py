from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"

    def ready(self) -> None:
        from games import extensions
        from games.signals import game_reopened, result_recorded

        from . import receivers
        from .selectors import game_rating_changes

        extensions.rating_changes_register(game_rating_changes)
        game_reopened.connect(receivers.game_reopened, dispatch_uid="ratings.game_reopened")
        result_recorded.connect(receivers.result_recorded, dispatch_uid="ratings.result_recorded")
