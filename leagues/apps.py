from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"
