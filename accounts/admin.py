from django.contrib import admin

from .models import Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "display_name", "notify_your_turn", "notify_chat", "notify_game_end")
    search_fields = ("user__username", "display_name")
