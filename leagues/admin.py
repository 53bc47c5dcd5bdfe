from django.contrib import admin

from .models import Division, Group, League, LeagueGame, Membership, Participant, Season, SignUp


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "format",
        "players_per_game",
        "group_size",
        "time_control",
        "created_by",
    )
    list_filter = ("format",)
    search_fields = ("name",)
    filter_horizontal = ("admins",)
    raw_id_fields = ("created_by",)


class SignUpInline(admin.TabularInline):
    model = SignUp
    extra = 0
    raw_id_fields = ("user",)


class ParticipantInline(admin.TabularInline):
    model = Participant
    extra = 0
    fields = ("user", "seed", "rank", "points", "buchholz", "score", "eliminated_in")
    readonly_fields = fields


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("league", "number", "status", "signup_closes_at", "starts_at", "started_at")
    list_filter = ("status", "league")
    inlines = [SignUpInline, ParticipantInline]


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    fields = ("user", "seed", "arrival", "status", "rank", "points", "vp", "movement")
    readonly_fields = fields


class LeagueGameInline(admin.TabularInline):
    model = LeagueGame
    extra = 0
    raw_id_fields = ("game",)


@admin.register(Group)
class GroupAdmin(admin.ModelAdmin):
    list_display = ("__str__", "standings_updated_at")
    list_filter = ("division__season__league",)
    inlines = [MembershipInline, LeagueGameInline]


admin.site.register(Division)
