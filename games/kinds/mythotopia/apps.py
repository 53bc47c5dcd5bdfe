from django.apps import AppConfig


class MythotopiaConfig(AppConfig):
    """Mythotopia's package as an app: Django finds its management commands here."""

    name = "games.kinds.mythotopia"
    label = "mythotopia"
    verbose_name = "Mythotopia"
