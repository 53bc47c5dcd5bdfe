from django.apps import AppConfig


class StatsConfig(AppConfig):
    name = "stats"

    def ready(self) -> None:
        from games.signals import game_reopened, result_recorded

        from . import receivers

        # Connected after the ratings app (INSTALLED_APPS order), so a game's rating changes
        # are stored when its statistics read them.
        result_recorded.connect(receivers.result_recorded, dispatch_uid="stats.result_recorded")
        game_reopened.connect(receivers.game_reopened, dispatch_uid="stats.game_reopened")
