from django.conf import settings
from django.db import models


class Profile(models.Model):
    """What a player shows others and how they want to be told about their games."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(max_length=60, blank=True)
    notify_your_turn = models.BooleanField(default=True, help_text="E-mail when you must act.")
    notify_chat = models.BooleanField(default=False, help_text="E-mail on new chat messages.")
    notify_game_end = models.BooleanField(default=True, help_text="E-mail when a game ends.")

    def __str__(self) -> str:
        return self.display_name or self.user.get_username()

    @property
    def name(self) -> str:
        return self.display_name or self.user.get_username()
