"""schemathesis drives every operation of /api/schema/ with generated input: no server errors."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from games import services
from tests.factories import UserFactory


def _schema():
    from django.core.wsgi import get_wsgi_application

    return schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())


schema = _schema()


@pytest.fixture
def keep_connection():
    """Requests go through the real WSGI handler, which closes the database connection after
    each request; inside a test transaction it must stay open (Django's test client does the same)."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def token(db, keep_connection):
    """A player seated in a running game and in an open one, so ids 1.. often hit real games."""
    from rest_framework.authtoken.models import Token

    player, rival = UserFactory(), UserFactory()
    running = services.game_create(
        user=player, player_count=2, options=["strict-leech"], seed="fuzz"
    )
    services.game_join(game_id=running.pk, user=rival)
    services.game_create(user=player, player_count=3, options=[])
    return Token.objects.create(user=player).key


@pytest.mark.django_db
@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_errors(case, token):
    case.call_and_validate(checks=[not_a_server_error])
    case.call_and_validate(headers={"Authorization": f"Token {token}"}, checks=[not_a_server_error])
