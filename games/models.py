"""Games, seats and the append-only move log.

The log (``Move``) is the truth: a game is (setup, moves). ``StateSnapshot`` caches the engine
state after the latest move so that a new move costs a single ``apply``; it can always be rebuilt
by replaying the log.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .fields import FastJSONField

# terra.snellman.net's id of the original map.
ORIGINAL_MAP_ID = "126fe960806d587c78546b30f1a90853b1ada468"


def new_seed() -> str:
    return secrets.token_hex(8)


def new_invite_code() -> str:
    return secrets.token_urlsafe(12)


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("open for players")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")
        ABORTED = "aborted", _("aborted")

    kind = models.CharField(
        max_length=40,
        default="terra_mystica",
        db_index=True,
        help_text="The game kind (GET /api/v1/kinds/): which engine plays this game.",
    )
    engine_version = models.CharField(
        max_length=40, blank=True, help_text="The kind's rules revision when the game started."
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_games"
    )
    name = models.CharField(max_length=100, blank=True)
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    player_count = models.PositiveSmallIntegerField()
    options = models.JSONField(
        default=list, help_text="Engine option names, as terra.snellman.net spells them."
    )
    map_id = models.CharField(
        max_length=64,
        default=ORIGINAL_MAP_ID,
        help_text="terra.snellman.net's id of the map (see /api/v1/maps/).",
    )
    public = models.BooleanField(default=True)
    counts_for_rating = models.BooleanField(
        default=True,
        help_text="Whether the game counts for the ratings once finished (docs/ratings.md): "
        "public games always, private games only when chosen at creation.",
    )
    invite_code = models.CharField(max_length=32, default=new_invite_code, editable=False)
    seed = models.CharField(max_length=64, default=new_seed)
    requested_setup = models.JSONField(
        null=True, blank=True, help_text="Explicit setup given at creation (tiles, seat order)."
    )
    setup = models.JSONField(
        null=True, blank=True, help_text="The engine's GameSetup, fixed at start."
    )

    class TimeControl(models.TextChoices):
        NONE = "none", "no time limit"
        MOVE = "move", "deadline per move"
        CHESS = "chess", "chess clock"

    time_control = models.CharField(
        max_length=5, choices=TimeControl.choices, default=TimeControl.NONE
    )
    # MOVE: the time a player has for each move, from the moment the game waits for them.
    move_time_limit = models.DurationField(null=True, blank=True)
    # CHESS: every player's clock starts at clock_initial and gains clock_bonus per new round.
    clock_initial = models.DurationField(null=True, blank=True)
    clock_bonus = models.DurationField(null=True, blank=True)
    clock_round = models.PositiveSmallIntegerField(
        default=0, help_text="Latest round whose clock bonus has been given."
    )
    # Number of the latest log entry: the revision clients send back as expected_move_number.
    move_count = models.PositiveIntegerField(default=0)
    imported_from = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    last_move_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # End-of-game processing (games.tasks.game_finish_process): result recorded, then all done.
    result_recorded_at = models.DateTimeField(null=True, blank=True)
    finish_processed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["public", "status"])]

    def __str__(self) -> str:
        return self.name or gettext("Game %(number)s") % {"number": self.pk}


class Seat(models.Model):
    """A player's place in a game; ``position`` is the seat number (1-based) once the game starts."""

    # Found by game through its two unique constraints, which start with the game.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats", db_index=False)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats"
    )
    position = models.PositiveSmallIntegerField()
    faction = models.CharField(max_length=30, blank=True, db_index=True)
    dropped = models.BooleanField(default=False)
    final_vp = models.IntegerField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    vp_breakdown = models.JSONField(
        default=dict, blank=True, help_text="Final VP by source, once the game is over."
    )
    joined_at = models.DateTimeField(auto_now_add=True)
    # While the game waits for this seat: since when (and since which move), when its time runs
    # out and when the next reminder is due. Null while the seat has nothing to do.
    waiting_since = models.DateTimeField(null=True, blank=True)
    waiting_since_move = models.PositiveIntegerField(null=True, blank=True)
    deadline_at = models.DateTimeField(null=True, blank=True, db_index=True)
    reminder_at = models.DateTimeField(null=True, blank=True, db_index=True)
    reminders_sent = models.PositiveSmallIntegerField(default=0)
    # Chess clock: time left, not counting the running wait since waiting_since.
    time_left = models.DurationField(null=True, blank=True)
    # The player's confirmed address (or ""), read with a move's seats
    # (games.log.seats_with_addresses).
    user_email: str

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="one_seat_per_user"),
            models.UniqueConstraint(fields=["game", "position"], name="unique_seat_position"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.position} {self.faction or self.user}"


class Move(models.Model):
    """One entry of the append-only log. Undo and rollback are entries too; nothing is deleted."""

    class Kind(models.TextChoices):
        COMMAND = "command", "command of a player"
        DROP = "drop", "faction dropped (resignation or admin)"
        UNDO = "undo", "undo of the player's own last move"
        ROLLBACK = "rollback", "admin rollback to an earlier move"
        REJOIN = "rejoin", "a dropped seat plays on (handed to the computer)"

    # Its lookups by game use unique_move_number, which starts with the game: an index of its
    # own would only be one more to write with every move.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves", db_index=False)
    number = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.COMMAND)
    seat = models.ForeignKey(
        Seat, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    actor = models.CharField(max_length=30, blank=True, help_text="Faction or playerN that acted.")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    command = models.TextField(blank=True)
    # UNDO: the move undone; ROLLBACK: the last move kept.
    target = models.PositiveIntegerField(null=True, blank=True)
    ledger = FastJSONField(default=list, blank=True, help_text="Ledger rows this move produced.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="unique_move_number")
        ]

    def __str__(self) -> str:
        return f"{self.game_id}.{self.number} {self.actor}: {self.command or self.kind}"


class StateSnapshot(models.Model):
    """The engine state after move ``move_number``; a cache of the log."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="snapshot")
    move_number = models.PositiveIntegerField()
    state = FastJSONField()
    updated_at = models.DateTimeField(auto_now=True)


class ChatMessage(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat_messages")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
