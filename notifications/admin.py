from django.contrib import admin

from .models import Notification, Preference


@admin.register(Preference)
class PreferenceAdmin(admin.ModelAdmin):
    list_display = ("user", "kind", "enabled", "delivery")
    list_filter = ("kind", "enabled", "delivery")
    search_fields = ("user__username",)


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ("key", "user", "kind", "status", "attempts", "created_at", "sent_at")
    list_filter = ("kind", "status")
    search_fields = ("key", "user__username", "subject")
    readonly_fields = [f.name for f in Notification._meta.fields]

    def has_add_permission(self, request, obj=None) -> bool:
        return False
