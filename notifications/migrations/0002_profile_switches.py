"""The three e-mail switches of accounts.Profile become notification preferences."""

from django.db import migrations

# Profile field: (kinds it covered, its default)
SWITCHES = {
    "notify_your_turn": (("your_turn", "decision"), True),
    "notify_chat": (("chat",), False),
    "notify_game_end": (("game_over",), True),
}


def copy_switches(apps, schema_editor):
    Profile = apps.get_model("accounts", "Profile")
    Preference = apps.get_model("notifications", "Preference")
    rows = []
    for profile in Profile.objects.all().iterator():
        for field, (kinds, default) in SWITCHES.items():
            value = getattr(profile, field)
            if value != default:
                rows.extend(
                    Preference(user_id=profile.user_id, kind=kind, enabled=value, delivery="immediate")
                    for kind in kinds
                )
    Preference.objects.bulk_create(rows, ignore_conflicts=True)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
        ("notifications", "0001_initial"),
    ]

    operations = [migrations.RunPython(copy_switches, migrations.RunPython.noop)]
