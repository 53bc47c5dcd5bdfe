"""Output shapes shared by several game endpoints."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.selectors import display_name, is_bot
from games import clock, extensions, kinds
from games.kinds import command_seen
from games.models import ChatMessage, Game, Move, Seat


class SacrificeOfferSerializer(serializers.Serializer):
    """A move only a power burn makes payable (Terra Mystica, Yucata's "requires sacrifice")."""

    command = serializers.CharField()
    burn = serializers.IntegerField(help_text="The fewest power tokens to burn first.")
    row = serializers.CharField(help_text="The burn and the move together, to send or append.")


class SeatClockOutputSerializer(serializers.Serializer):
    time_left = serializers.IntegerField(help_text="Seconds.")
    running = serializers.BooleanField(help_text="The game is waiting for this player.")
    deadline = serializers.DateTimeField(allow_null=True)


class SeatRatingChangeOutputSerializer(serializers.Serializer):
    before = serializers.FloatField()
    after = serializers.FloatField()
    delta = serializers.FloatField()


class TimeControlOutputSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text="none, move (deadline per move) or chess (chess clock).")
    move_time_limit = serializers.IntegerField(allow_null=True, help_text="Seconds per move.")
    initial = serializers.IntegerField(allow_null=True, help_text="Chess clock: seconds at start.")
    bonus_per_round = serializers.IntegerField(
        allow_null=True, help_text="Chess clock: seconds added when a round begins."
    )


class SeatOutputSerializer(serializers.Serializer):
    position = serializers.IntegerField(
        help_text="Seat number, 1-based; the turn order of round 1."
    )
    username = serializers.CharField(source="user.username")
    display_name = serializers.SerializerMethodField()
    is_bot = serializers.SerializerMethodField(
        help_text="A program plays this seat (the site's computer or a bot of its owner's)."
    )
    faction = serializers.CharField(allow_null=True, help_text="Lower case, as in the corpus.")
    dropped = serializers.BooleanField()
    final_vp = serializers.IntegerField(allow_null=True)
    rank = serializers.IntegerField(allow_null=True)
    vp_breakdown = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="Final VP by source, once the game's result is recorded.",
    )
    clock = serializers.SerializerMethodField(
        help_text="With a time control: seconds left, whether the clock runs, its deadline."
    )
    rating_change = serializers.SerializerMethodField(
        help_text="Game detail of a rated finished game: the player's rating before and after."
    )

    def get_display_name(self, seat: Seat) -> str:
        return display_name(seat.user)

    def get_is_bot(self, seat: Seat) -> bool:
        return is_bot(seat.user)

    @extend_schema_field(SeatClockOutputSerializer(allow_null=True))
    def get_clock(self, seat: Seat) -> dict | None:
        return clock.seat_clock(seat.game, seat)

    @extend_schema_field(SeatRatingChangeOutputSerializer(allow_null=True))
    def get_rating_change(self, seat: Seat) -> dict | None:
        return self.context.get("rating_changes", {}).get(seat.user_id)

    def to_representation(self, seat: Seat) -> dict:
        data = super().to_representation(seat)
        data["faction"] = data["faction"] or None
        return data


class GameSetupOutputSerializer(serializers.Serializer):
    scoring_tiles = serializers.ListField(child=serializers.CharField())
    removed_bonus_tiles = serializers.ListField(child=serializers.CharField())
    players = serializers.ListField(child=serializers.CharField(), required=False)
    seat_order = serializers.ListField(child=serializers.CharField(), required=False)


class GameOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField(help_text="The game kind (GET /api/v1/kinds/).")
    engine_version = serializers.CharField(
        help_text="The kind's rules revision the game started with (empty before the start)."
    )
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    player_count = serializers.IntegerField()
    options = serializers.ListField(child=serializers.CharField())
    map_id = serializers.SerializerMethodField(
        help_text="The map (GET /api/v1/maps/); null for a kind without a choice of maps."
    )
    map_name = serializers.SerializerMethodField(help_text="The map's name; null likewise.")
    public = serializers.BooleanField()
    rated = serializers.BooleanField(source="counts_for_rating")
    created_by = serializers.CharField(source="created_by.username")
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    last_move_at = serializers.DateTimeField(allow_null=True)
    move_time_limit = serializers.SerializerMethodField(help_text="Seconds per move, or null.")
    time_control = serializers.SerializerMethodField()
    move_number = serializers.IntegerField(
        source="move_count", help_text="Number of the latest move."
    )
    seats = SeatOutputSerializer(many=True, source="seats.all")
    setup = serializers.SerializerMethodField()
    imported_from = serializers.CharField()
    league = serializers.SerializerMethodField(
        help_text="League, season, division and group of a league game; null otherwise."
    )

    def get_move_time_limit(self, game: Game) -> int | None:
        return int(game.move_time_limit.total_seconds()) if game.move_time_limit else None

    @extend_schema_field(TimeControlOutputSerializer)
    def get_time_control(self, game: Game) -> dict:
        return clock.time_control_view(game)

    @extend_schema_field(extensions.game_info_schema("league"))
    def get_league(self, game: Game) -> dict | None:
        return extensions.game_info("league", self, game)  # the leagues app's, if installed

    @extend_schema_field(GameSetupOutputSerializer(allow_null=True))
    def get_setup(self, game: Game) -> dict | None:
        setup = game.setup or game.requested_setup
        if not setup:
            return None
        return {
            k: setup[k]
            for k in ("scoring_tiles", "removed_bonus_tiles", "players", "seat_order")
            if k in setup
        }

    # Maps are their kind's (game_create refuses one for a kind without maps): a Mythotopia
    # game is on its own board, whatever the column's default says.
    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_map_id(self, game: Game) -> str | None:
        return game.map_id if kinds.offers(game.kind, "maps") else None

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_map_name(self, game: Game) -> str | None:
        if not kinds.offers(game.kind, "maps"):
            return None
        maps = kinds.maps(game.kind)
        return next((m["name"] for m in maps if m["id"] == game.map_id), game.map_id)


class GameDetailOutputSerializer(GameOutputSerializer):
    invite_code = serializers.SerializerMethodField(
        help_text="Only for the creator and seated players."
    )
    waiting_for = serializers.SerializerMethodField()

    def get_invite_code(self, game: Game) -> str | None:
        return self.context.get("invite_code")

    def get_waiting_for(self, game: Game) -> list[dict]:
        return self.context.get("waiting_for", [])


class MoveOutputSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Move.Kind.choices)
    actor = serializers.CharField(help_text="Faction, or playerN before the seat has a faction.")
    seat = serializers.IntegerField(source="seat.position", allow_null=True, default=None)
    username = serializers.CharField(source="user.username", allow_null=True, default=None)
    command = serializers.SerializerMethodField(help_text="As the caller may see it.")
    target = serializers.IntegerField(allow_null=True)
    undone = serializers.SerializerMethodField()
    created_at = serializers.DateTimeField()

    def get_command(self, move: Move) -> str:
        kind = self.context.get("kind")
        if kind is None:
            return move.command
        return command_seen(kind, move.actor, move.command, self.context.get("seat"))

    def get_undone(self, move: Move) -> bool:
        return move.number in self.context.get("undone", ())


class ChatMessageOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField(source="user.username")
    text = serializers.CharField()
    created_at = serializers.DateTimeField()

    class Meta:
        model = ChatMessage
