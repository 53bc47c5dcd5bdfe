from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "web"
    verbose_name = "Web pages and live updates"

    def ready(self) -> None:
        from games import log

        from . import receivers  # noqa: F401  (connects the live-update receivers)
        from .autoleech import answering_kinds
        from .services import PLANNER_KINDS, PREMOVES, autoleech_answers

        for kind in answering_kinds():
            log.automatic_moves_register(kind, autoleech_answers)
        for kind in PLANNER_KINDS:
            log.queued_moves_register(kind, PREMOVES, **PREMOVES.seat_annotations)
