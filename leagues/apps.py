from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"

    def ready(self) -> None:
        from games import extensions
        from games.signals import game_finished, game_reopened

        from . import receivers
        from .api.serializers import LeagueInfoOutputSerializer
        from .selectors import league_info_hook

        extensions.game_info_register(
            "league", league_info_hook, LeagueInfoOutputSerializer(allow_null=True)
        )
        game_finished.connect(receivers.game_finished, dispatch_uid="leagues.game_finished")
        game_reopened.connect(receivers.game_finished, dispatch_uid="leagues.game_reopened")
