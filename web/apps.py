from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "web"
    verbose_name = "Web pages and live updates"

    def ready(self) -> None:
        from games import log

        from . import receivers  # noqa: F401  (connects the live-update receivers)
        from .autoleech import answering_kinds
        from .services import (
            AUTOLEECH_SEAT_ANNOTATIONS,
            PREMOVES,
            autoleech_answers,
            planner_kinds,
        )

        for kind in answering_kinds():
            log.automatic_moves_register(kind, autoleech_answers, **AUTOLEECH_SEAT_ANNOTATIONS)
        for kind in planner_kinds():
            log.queued_moves_register(kind, PREMOVES, **PREMOVES.seat_annotations)
