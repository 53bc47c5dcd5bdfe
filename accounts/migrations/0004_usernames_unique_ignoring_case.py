"""Usernames are unique ignoring case (a database constraint, so concurrent registrations of
'Anna' and 'anna' cannot both succeed), and every player has a profile with the key that keeps
confusable names apart."""

from django.db import migrations


def fill_keys(apps, schema_editor):
    from accounts.usernames import username_key

    User = apps.get_model("auth", "User")
    Profile = apps.get_model("accounts", "Profile")
    taken: set[str] = set(
        Profile.objects.exclude(username_key=None).values_list("username_key", flat=True)
    )
    for user in User.objects.order_by("date_joined", "pk"):
        profile, _ = Profile.objects.get_or_create(user=user)
        key = username_key(user.username)
        # Names that already collided keep no key: the older player keeps theirs.
        profile.username_key = None if key in taken else key
        taken.add(key)
        profile.save(update_fields=["username_key"])


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_profile_email_pending_username_key_tokenuse"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.RunSQL(
            "CREATE UNIQUE INDEX auth_user_username_ci ON auth_user (lower(username));",
            "DROP INDEX auth_user_username_ci;",
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
    ]
