from django.contrib import admin

from ratings import services
from ratings.models import FactionRating, PlayerRating, RatingChange, RatingExclusion


class ReadOnlyAdmin(admin.ModelAdmin):
    """Ratings are computed, never edited by hand: a recompute would undo any edit."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(PlayerRating)
class PlayerRatingAdmin(ReadOnlyAdmin):
    list_display = ["user", "rating", "games", "last_game_at"]
    search_fields = ["user__username"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ["game", "user", "faction", "vp", "rank", "rating_before", "rating_after"]
    list_filter = ["faction", "provisional", "dropped"]
    search_fields = ["user__username"]
    raw_id_fields = ["game", "user"]


@admin.register(FactionRating)
class FactionRatingAdmin(ReadOnlyAdmin):
    list_display = ["faction", "map_id", "rating", "games"]
    list_filter = ["map_id"]


@admin.register(RatingExclusion)
class RatingExclusionAdmin(admin.ModelAdmin):
    """Flagging a game here takes it out of the ratings; deleting the flag puts it back."""

    list_display = ["game", "reason", "created_by", "created_at"]
    raw_id_fields = ["game"]
    fields = ["game", "reason"]

    def get_readonly_fields(self, request, obj=None) -> list[str]:
        return ["game"] if obj is not None else []

    def save_model(self, request, obj, form, change) -> None:
        if change:
            obj.save(update_fields=["reason"])
            return
        services.game_exclude(obj.game_id, reason=obj.reason, by_user_id=request.user.pk)
        obj.pk = RatingExclusion.objects.get(game_id=obj.game_id).pk

    def delete_model(self, request, obj) -> None:
        services.game_include(obj.game_id)

    def delete_queryset(self, request, queryset) -> None:
        for exclusion in queryset:
            services.game_include(exclusion.game_id)
