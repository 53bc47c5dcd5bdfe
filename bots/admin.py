from django.contrib import admin

from .models import HandOver


@admin.register(HandOver)
class HandOverAdmin(admin.ModelAdmin):
    list_display = ("game", "position", "player", "bot", "by", "dropped", "vp", "created_at")
    list_filter = ("dropped",)
    raw_id_fields = ("game", "player", "bot", "by")
