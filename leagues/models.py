"""Leagues: seasons of divisions of groups of players, and the games each group plays.

A season's structure (divisions, groups, memberships, games) is created when it starts, from
its sign-ups; docs/leagues.md describes the rules. A league's ``format`` decides that structure
(``leagues.formats``): in a tournament (Swiss or knockout) a season is one tournament, a
division is one of its rounds (``level`` = the round's number) and a group is one table of
that round, with one game; its players are ``Participant`` rows (docs/tournaments.md).
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import (
    ORIGINAL_MAP_ID,  # the default map of a league
    Game,
)

from .scheduling import MAX_GROUP_SIZE, MAX_PLAYERS_PER_GAME, MIN_PLAYERS_PER_GAME

LEAGUE_NAME = RegexValidator(
    r"^[A-Za-z0-9][A-Za-z0-9-]{0,39}\Z",
    "Up to 40 letters, digits and hyphens, starting with a letter or digit "
    "(the name begins every game name, e.g. 4pLeague_S1_D1L1_G1).",
)


class League(models.Model):
    class Format(models.TextChoices):
        DIVISIONS = "divisions", _("divisions (promotion and relegation)")
        SWISS = "swiss", _("Swiss tournament")
        KNOCKOUT = "knockout", _("knockout tournament")

    name = models.CharField(max_length=40, unique=True, validators=[LEAGUE_NAME])
    format = models.CharField(
        max_length=10,
        choices=Format.choices,
        default=Format.DIVISIONS,
        help_text="How a season seats its players and ends; fixed once created.",
    )
    rounds = models.PositiveSmallIntegerField(
        default=0, help_text="Swiss: the rounds of a tournament (0 for other formats)."
    )
    advance = models.PositiveSmallIntegerField(
        default=0, help_text="Knockout: players of each table who reach the next round."
    )
    round_time = models.DurationField(
        null=True,
        blank=True,
        help_text="Swiss: the next round starts this long after a round began, even if some "
        "of its games still run; null: only when its last game ends.",
    )
    kind = models.CharField(
        max_length=40,
        default="terra_mystica",
        help_text="The game kind of every game of the league (GET /api/v1/kinds/).",
    )
    description = models.TextField(blank=True)
    players_per_game = models.PositiveSmallIntegerField(
        validators=[
            MinValueValidator(MIN_PLAYERS_PER_GAME),
            MaxValueValidator(MAX_PLAYERS_PER_GAME),
        ]
    )
    options = models.JSONField(
        default=list, blank=True, help_text="Engine option names of every game of the league."
    )
    map_id = models.CharField(max_length=64, default=ORIGINAL_MAP_ID)
    # Time control of every game, as games.clock offers it: none, a deadline per move, or a
    # chess clock (initial time plus a bonus per round).
    time_control = models.CharField(
        max_length=5, choices=Game.TimeControl.choices, default=Game.TimeControl.NONE
    )
    move_time_limit = models.DurationField(null=True, blank=True)
    clock_initial = models.DurationField(null=True, blank=True)
    clock_bonus = models.DurationField(null=True, blank=True)
    group_size = models.PositiveSmallIntegerField(
        default=7,
        validators=[MinValueValidator(MIN_PLAYERS_PER_GAME), MaxValueValidator(MAX_GROUP_SIZE)],
        help_text="Players per group the season start aims for.",
    )
    cycles = models.PositiveSmallIntegerField(
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(3)],
        help_text="Each player plays players_per_game * cycles games, each seat cycles times.",
    )
    points_table = models.JSONField(
        default=list,
        blank=True,
        help_text="League points by place, first place first; empty: players_per_game-1 … 0.",
    )
    promote_count = models.PositiveSmallIntegerField(
        default=1, help_text="Players of each group promoted (below the top division)."
    )
    relegate_count = models.PositiveSmallIntegerField(
        default=2, help_text="Players of each group relegated (above the bottom division)."
    )
    division_growth = models.PositiveSmallIntegerField(
        default=2,
        validators=[MinValueValidator(1), MaxValueValidator(8)],
        help_text="Division n holds up to growth^(n-1) groups.",
    )
    signup_period = models.DurationField(
        default=timedelta(days=7),
        null=True,
        blank=True,
        help_text="Sign-ups for the next season stay open this long once a season ends, then "
        "it starts; null: the next season waits for the organiser.",
    )
    auto_end = models.BooleanField(
        default=True, help_text="End a season as soon as its last game has finished."
    )
    bot_handover = models.BooleanField(
        default=False,
        help_text="The organisers may hand a seat that left a game (resigned, ran out of time, "
        "dropped) to the computer, which plays it to the end (docs/bots.md).",
    )
    renew_signups = models.BooleanField(
        default=False,
        help_text="Sign the players of an ended season up for the next one (they may withdraw).",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="created_leagues",
        help_text="Creates the league's games, which makes it their admin.",
    )
    admins = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="administered_leagues"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("announced")
        SIGNUP = "signup", _("sign-up open")
        CLOSED = "closed", _("sign-up closed")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveIntegerField()
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.DRAFT, db_index=True
    )
    signup_opens_at = models.DateTimeField(null=True, blank=True)
    signup_closes_at = models.DateTimeField(null=True, blank=True)
    starts_at = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="leagues_unique_season")
        ]

    def __str__(self) -> str:
        return f"{self.league.name} S{self.number}"


class SignUp(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="signups")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_signups"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["season", "user"], name="leagues_one_signup")
        ]


class Division(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="divisions")
    level = models.PositiveSmallIntegerField(
        help_text="1 is the top division; in a tournament, the round's number."
    )
    # Tournament rounds only: when the round began, when the next one starts at the latest, and
    # the players (user ids) who sit this round out.
    started_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    byes = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["season", "level"]
        constraints = [
            models.UniqueConstraint(fields=["season", "level"], name="leagues_unique_division")
        ]

    def __str__(self) -> str:
        return f"{self.season} D{self.level}"


class Group(models.Model):
    """One group of players who play each other ("league" L1, L2, … in the site's naming)."""

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="groups")
    number = models.PositiveSmallIntegerField()
    standings_updated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["division", "number"]
        constraints = [
            models.UniqueConstraint(fields=["division", "number"], name="leagues_unique_group")
        ]

    @property
    def code(self) -> str:
        return f"D{self.division.level}L{self.number}"

    def __str__(self) -> str:
        return f"{self.division.season} {self.code}"


class Membership(models.Model):
    """A player's place in a group for one season, and (once known) how it ended."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("playing")
        DROPPED = "dropped", _("left; games continue with the drop")
        REPLACED = "replaced", _("left; replaced")

    class Arrival(models.TextChoices):
        NEWCOMER = "newcomer", _("newcomer")
        STAYED = "stayed", _("same division")
        PROMOTED = "promoted", _("promoted")
        RELEGATED = "relegated", _("relegated")
        REPLACEMENT = "replacement", _("replacement")

    class Movement(models.TextChoices):
        PROMOTED = "promoted", _("promoted")
        STAYED = "stayed", _("stays")
        RELEGATED = "relegated", _("relegated")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="memberships")
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="league_memberships"
    )
    seed = models.PositiveSmallIntegerField(help_text="Place in the group's seeding, 1-based.")
    arrival = models.CharField(max_length=12, choices=Arrival.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    replaces = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="replaced_by"
    )
    # The standings as last refreshed; final once the season has ended.
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.DecimalField(max_digits=8, decimal_places=2, default=0)
    vp = models.IntegerField(default=0)
    games_finished = models.PositiveSmallIntegerField(default=0)
    movement = models.CharField(max_length=10, choices=Movement.choices, blank=True)
    final_position = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Place in the final order (ties broken by seeding)."
    )

    class Meta:
        ordering = ["group", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["season", "user"], name="leagues_one_membership")
        ]

    def __str__(self) -> str:
        return f"{self.group} {self.user}"


class Participant(models.Model):
    """A player of a tournament (a season of a Swiss or knockout league), with the standings as
    last refreshed; final once the tournament has ended."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="participants")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournament_entries"
    )
    seed = models.PositiveSmallIntegerField(help_text="Place in the seeding by rating, 1-based.")
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.DecimalField(max_digits=8, decimal_places=2, default=0)
    buchholz = models.DecimalField(max_digits=9, decimal_places=2, default=0)
    score = models.IntegerField(default=0)
    games_finished = models.PositiveSmallIntegerField(default=0)
    eliminated_in = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Knockout: the round the player went out in."
    )
    final_position = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["season", "rank", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["season", "user"], name="leagues_one_participant")
        ]

    def __str__(self) -> str:
        return f"{self.season} {self.user}"


class LeagueGame(models.Model):
    """A game of a group's schedule: game ``number`` of the group (the ``_G{n}`` of its name)."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="league_games")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="league_game")

    class Meta:
        ordering = ["group", "number"]
        constraints = [
            models.UniqueConstraint(fields=["group", "number"], name="leagues_unique_game_number")
        ]

    def __str__(self) -> str:
        return f"{self.group} G{self.number}"
