from django.contrib import admin

from .models import Entry


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ("id", "task", "status", "attempts", "created_at", "done_at")
    list_filter = ("status", "task")
    readonly_fields = ("task", "args", "created_at", "claimed_at", "done_at", "attempts", "error")
