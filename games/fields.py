"""Model fields of the games app."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.db.backends.postgresql.psycopg_any import Jsonb

from games.rules.core import jsonio


class FastJSONField(models.JSONField):
    """JSON written and read through ``jsonio`` (orjson when installed).

    An engine state (about 12 kB for four players) is read and written with every move; the
    standard library's json takes about ten times as long to write it and twice as long to read.
    The stored JSON is the same.
    """

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        if isinstance(value, str):  # the backends hand JSON over as text
            return jsonio.loads(value)
        return super().from_db_value(value, expression, connection)

    def get_db_prep_value(self, value: Any, connection: Any, prepared: bool = False) -> Any:
        adapted = super().get_db_prep_value(value, connection, prepared)
        if isinstance(adapted, Jsonb):  # PostgreSQL: the same wrapper, dumped by jsonio
            return Jsonb(adapted.obj, dumps=jsonio.dumps)
        return adapted
