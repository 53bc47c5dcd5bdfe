from django.contrib import admin

from .models import ChatMessage, Game, Move, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("position", "user", "faction", "dropped", "final_vp", "rank")
    raw_id_fields = ("user",)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "name",
        "status",
        "player_count",
        "public",
        "created_by",
        "move_count",
        "created_at",
    )
    list_filter = ("status", "public")
    search_fields = ("name", "imported_from", "seats__user__username")
    inlines = [SeatInline]
    readonly_fields = ("move_count", "setup", "seed", "invite_code")


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    """The log is append-only: readable here, never edited (use rollback or undo)."""

    list_display = ("game", "number", "kind", "actor", "command", "created_at")
    list_filter = ("kind",)
    search_fields = ("command", "actor")
    raw_id_fields = ("game", "seat", "user")

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("game", "user", "created_at", "text")
    raw_id_fields = ("game", "user")
