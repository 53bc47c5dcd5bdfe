from django.apps import AppConfig


class TerraMysticaConfig(AppConfig):
    """Terra Mystica's package as an app: Django finds its management commands here."""

    name = "games.kinds.terra_mystica"
    label = "terra_mystica"
    verbose_name = "Terra Mystica"
