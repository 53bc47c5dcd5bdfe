from django.conf import settings
from django.db import models


class Profile(models.Model):
    """What a player shows others."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(max_length=60, blank=True)
    # usernames.username_key of the username: two players whose names read alike cannot both
    # exist (unique); empty for the few old names that already collided.
    username_key = models.CharField(max_length=150, unique=True, null=True, editable=False)
    # An address the player asked for and has not confirmed yet; ``user.email`` is always a
    # confirmed address (or one staff set), the only one notifications are sent to.
    email_pending = models.EmailField(blank=True)
    # The interface language the player chose (a code of settings.LANGUAGES); empty: the
    # browser's. Mails go out in it, since no browser is there to ask.
    language = models.CharField(max_length=8, blank=True)
    # A bot: an account whose moves a program makes. Its owner marks it (a bot of their own,
    # playing through the API), or the site creates it to play the computer's seats
    # (``bot_level`` names the level the site plays it at). Bots stay off the players'
    # leaderboards and have one of their own.
    is_bot = models.BooleanField(default=False)
    bot_level = models.CharField(
        max_length=20, blank=True, help_text="The site's own bots: the level it plays them at."
    )
    # E-mail preferences live in notifications.Preference (per kind, immediate or daily).

    def __str__(self) -> str:
        return self.display_name or self.user.get_username()

    @property
    def name(self) -> str:
        return self.display_name or self.user.get_username()


class TokenUse(models.Model):
    """When an API token was last used, and the password it was issued under.

    A token idle for longer than ``API_TOKEN_IDLE_DAYS`` expires; a token issued before the
    password changed no longer authenticates (as Django does for sessions).
    """

    token = models.OneToOneField(
        "authtoken.Token", on_delete=models.CASCADE, primary_key=True, related_name="use"
    )
    last_used_at = models.DateTimeField()
    password_hash = models.CharField(max_length=128)


class ConfirmationMail(models.Model):
    """A confirmation link mailed to an address, kept a day to limit how often that happens
    (per account and per address: ``accounts.services.email_change``)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    address = models.CharField(max_length=254, db_index=True, help_text="Lower case.")
    sent_at = models.DateTimeField(db_index=True)
