"""Hand-written statements for the worker's hottest path, a move's mails, built from the models.

The worker composes and sends a mail after (nearly) every move; building each statement
through the ORM cost more CPU than the database's work on it and than the rest of the mail
(docs/scaling.md, issue 28). These helpers write a statement's names from the models' metadata
(once per database vendor: each quotes names its way) and convert the values read as the ORM
would, so the same statements run on PostgreSQL and SQLite.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypeVar, cast

from django.db import connection
from django.db.models import DEFERRED, Field, Model

from tm_site.statements import server_cursor

M = TypeVar("M", bound=Model)
# The columns a statement reads, in order: (model, field name).
Columns = tuple[tuple[type[Model], str], ...]


def field(model: type[Model], name: str) -> Field:
    return cast(Field, model._meta.get_field(name))


def column(model: type[Model], name: str, alias: str = "") -> str:
    """The quoted column of a field, prefixed by a table alias if given."""
    quoted = connection.ops.quote_name(cast(str, field(model, name).column))
    return f"{alias}.{quoted}" if alias else quoted


def table(model: type[Model], alias: str = "") -> str:
    quoted = connection.ops.quote_name(model._meta.db_table)
    return f"{quoted} {alias}" if alias else quoted


def adapt(value: datetime | None) -> Any:
    """A date and time as the database takes it (SQLite: text in UTC)."""
    return connection.ops.adapt_datetimefield_value(value)


def cursor() -> Any:
    """A cursor for these statements: on PostgreSQL the server binds their values, so it
    prepares each statement once a connection has run it a few times and plans it no more.
    Planning the facts' six-table join each time cost the worker 3 to 4 times the CPU (and the
    server its own) of the prepared statement's round trip."""
    return server_cursor(connection)


def rows(sql: str, params: list, columns: Columns) -> list[list]:
    """Every row of ``sql``, the values of its first ``len(columns)`` columns converted as
    the ORM would (SQLite's dates are text and its booleans integers; PostgreSQL's need
    nothing)."""
    with cursor() as executed:
        executed.execute(sql, params)
        found = [list(row) for row in executed.fetchall()]
    key = (connection.vendor, columns)
    converters = _converters.get(key)
    if converters is None:
        converters = _converters[key] = _converters_of(columns)
    for row in found:
        for index, functions, col in converters:
            value = row[index]
            for function in functions:
                value = function(value, col, connection)
            row[index] = value
    return found


_converters: dict[tuple[str, Columns], list[tuple[int, list, Any]]] = {}


def _converters_of(columns: Columns) -> list[tuple[int, list, Any]]:
    out = []
    for index, (model, name) in enumerate(columns):
        col = field(model, name).get_col(model._meta.db_table)
        converters = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
        if converters:
            out.append((index, converters, col))
    return out


def instance(model: type[M], **values: Any) -> M:
    """A model instance of the fields read; the others deferred (read if ever touched)."""
    fields = model._meta.concrete_fields
    return cast(
        M,
        model.from_db(
            connection.alias,
            [f.attname for f in fields],
            [values.get(f.attname, DEFERRED) for f in fields],
        ),
    )
