"""The profile's three e-mail switches become notification preferences when migrating."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("accounts", "0001_initial"), ("notifications", "0001_initial")]
AFTER = [("accounts", "0002_notification_switches_moved")]


@pytest.mark.django_db(transaction=True)
def test_switches_are_copied_into_preferences():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    User = apps.get_model("auth", "User")
    Profile = apps.get_model("accounts", "Profile")
    keen = User.objects.create(username="keen")
    shy = User.objects.create(username="shy")
    Profile.objects.create(user=keen, notify_chat=True)  # the others at their defaults
    Profile.objects.create(user=shy, notify_your_turn=False, notify_game_end=False)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    from notifications.models import Preference

    rows = set(Preference.objects.values_list("user__username", "kind", "enabled"))
    assert rows == {
        ("keen", "chat", True),
        ("shy", "your_turn", False),
        ("shy", "decision", False),
        ("shy", "game_over", False),
    }
