"""Ratings per game kind: a player's rating and a faction's strength belong to one kind.

The existing rows are Terra Mystica's. PlayerRating's primary key was the user; it becomes an
id with one row per (user, kind): the old table is renamed, the new one created and filled.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def copy_ratings(apps, schema_editor):
    old = apps.get_model("ratings", "OldPlayerRating")
    new = apps.get_model("ratings", "PlayerRating")
    new.objects.bulk_create(
        (
            new(
                user_id=r.user_id,
                kind="terra_mystica",
                rating=r.rating,
                games=r.games,
                last_game_at=r.last_game_at,
            )
            for r in old.objects.all().iterator()
        ),
        batch_size=1000,
    )


def copy_back(apps, schema_editor):
    old = apps.get_model("ratings", "OldPlayerRating")
    new = apps.get_model("ratings", "PlayerRating")
    old.objects.bulk_create(
        old(user_id=r.user_id, rating=r.rating, games=r.games, last_game_at=r.last_game_at)
        for r in new.objects.filter(kind="terra_mystica").iterator()
    )


class Migration(migrations.Migration):
    dependencies = [
        ("ratings", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveIndex(model_name="playerrating", name="ratings_player_by_rating"),
        migrations.RemoveIndex(model_name="playerrating", name="ratings_player_last_game"),
        migrations.RenameModel(old_name="PlayerRating", new_name="OldPlayerRating"),
        migrations.AlterField(
            model_name="oldplayerrating",
            name="user",
            field=models.OneToOneField(
                on_delete=django.db.models.deletion.CASCADE,
                primary_key=True,
                related_name="+",
                serialize=False,
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.CreateModel(
            name="PlayerRating",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("kind", models.CharField(default="terra_mystica", max_length=40)),
                ("rating", models.FloatField()),
                (
                    "games",
                    models.PositiveIntegerField(default=0, help_text="Rated games played."),
                ),
                ("last_game_at", models.DateTimeField(blank=True, null=True)),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="ratings",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["kind", "-rating", "user_id"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("user", "kind"), name="ratings_one_per_player_kind"
                    )
                ],
                "indexes": [
                    models.Index(
                        fields=["kind", "-rating", "user"], name="ratings_player_by_rating"
                    ),
                    models.Index(fields=["last_game_at"], name="ratings_player_last_game"),
                ],
            },
        ),
        migrations.RunPython(copy_ratings, copy_back),
        migrations.DeleteModel(name="OldPlayerRating"),
        migrations.RemoveConstraint(model_name="factionrating", name="ratings_one_faction_per_map"),
        migrations.AddField(
            model_name="factionrating",
            name="kind",
            field=models.CharField(default="terra_mystica", max_length=40),
        ),
        migrations.AlterModelOptions(
            name="factionrating",
            options={"ordering": ["kind", "map_id", "-rating", "faction"]},
        ),
        migrations.AddConstraint(
            model_name="factionrating",
            constraint=models.UniqueConstraint(
                fields=("kind", "faction", "map_id"), name="ratings_one_faction_per_map"
            ),
        ),
    ]
