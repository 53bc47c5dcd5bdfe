from django.apps import AppConfig


class OutboxConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "outbox"
    verbose_name = "Outbox of background work"

    def ready(self) -> None:
        # Registers the outbox's tasks with the site's Celery app in every process (web ones
        # too), so services.publish finds them by name.
        from . import tasks  # noqa: F401
