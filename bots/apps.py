from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "bots"

    def ready(self) -> None:
        from django.db.models import F

        from games import log
        from games.signals import game_started, move_committed

        from . import receivers

        # Each waiting decision of a move names the level of a site's bot in that seat, so the
        # receiver knows the computer must move without a query of its own.
        log.notice_annotations_register(bot_level=F("user__profile__bot_level"))
        move_committed.connect(receivers.move_committed, dispatch_uid="bots.move_committed")
        game_started.connect(receivers.game_started, dispatch_uid="bots.game_started")
