from django.conf import settings
from django.db import models


class Profile(models.Model):
    """What a player shows others."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(max_length=60, blank=True)
    # E-mail preferences live in notifications.Preference (per kind, immediate or daily).

    def __str__(self) -> str:
        return self.display_name or self.user.get_username()

    @property
    def name(self) -> str:
        return self.display_name or self.user.get_username()
