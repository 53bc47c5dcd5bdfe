from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"

    def ready(self) -> None:
        from bots.services import hand_over_right_register
        from games import extensions
        from games.signals import game_finished, game_reopened

        from . import receivers
        from .api.serializers import LeagueInfoOutputSerializer
        from .selectors import league_info_hook
        from .services import organiser_hand_over_right

        extensions.game_info_register(
            "league", league_info_hook, LeagueInfoOutputSerializer(allow_null=True)
        )
        # A league's organisers may hand a seat that left a game to the computer, if it allows.
        hand_over_right_register(organiser_hand_over_right)
        game_finished.connect(receivers.game_finished, dispatch_uid="leagues.game_finished")
        game_reopened.connect(receivers.game_finished, dispatch_uid="leagues.game_reopened")
