from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "web"
    verbose_name = "Web pages and live updates"

    def ready(self) -> None:
        from . import receivers  # noqa: F401  (connects the live-update receivers)
