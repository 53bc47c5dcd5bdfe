"""Querysets compiled once and run again with other values: the hot reads of a move.

Django builds a statement's SQL anew every time a queryset runs (its filters resolved, joins
set up, columns quoted): on the path of a move that cost more CPU than PostgreSQL's own work on
the same statements (docs/scaling.md, "A move over HTTP"). A ``Statement`` builds its queryset
once per database with marker values in place of the varying ones, keeps the SQL and the
compiler, and afterwards only swaps the values in, executes, and turns the rows into instances
the way the queryset itself would (its ``select_related`` objects and annotations included,
each column through the same converters).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

from django.conf import settings
from django.db import connections, transaction
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators

try:
    from psycopg.pq import TransactionStatus

    _IDLE: Any = TransactionStatus.IDLE
except ImportError:  # pragma: no cover - psycopg is the PostgreSQL driver here
    _IDLE = None

M = TypeVar("M", bound=Model)

# Marker values: no real id or key is ever one of these.
_MARKERS: tuple[int, ...] = tuple(-7_345_234_900 - i for i in range(8))
_TEXT_MARKERS: tuple[str, ...] = tuple(f"\x01statement-marker-{i}" for i in range(4))


def _cursor(connection: Any) -> Any:
    """A cursor of ``connection`` for these statements. On PostgreSQL its values are bound by
    the server, not quoted into the SQL text: the text of a statement is then the same for
    every value, so the server prepares it once a connection has run it a few times
    (``DB_PREPARE_THRESHOLD``) and plans it no more; and a move's 12 kB state is sent as it is,
    not escaped. Django's own cursors quote values into the text (its SQL is not prepareable
    in general, Django ticket #20516); these statements' SQL is."""
    if connection.vendor != "postgresql" or connection.queries_logged:
        # Django logs a query (DEBUG, tests counting queries) from the text psycopg sent, which a
        # prepared statement does not have: there, Django's own cursor, whose log is whole.
        return connection.cursor()
    from django.db.backends.postgresql.base import ServerBindingCursor

    connection.close_if_health_check_failed()
    connection.ensure_connection()
    raw = connection.connection
    # Django opens its connections with preparing off; only the connections that run these
    # statements (the web processes') prepare, and only these statements (Django's cursors
    # never prepare).
    if raw.prepare_threshold is None and settings.DB_PREPARE_THRESHOLD > 0:
        raw.prepare_threshold = settings.DB_PREPARE_THRESHOLD
    with connection.wrap_database_errors:
        cursor = ServerBindingCursor(raw)  # type: ignore[call-arg]
        return connection._prepare_cursor(cursor)


def server_cursor(connection: Any) -> Any:
    """A cursor of ``connection`` whose values the server binds, for another app's written-out
    statements on a hot path (``_cursor``: prepared once run a few times; where Django logs
    queries, or on another database, Django's own cursor)."""
    return _cursor(connection)


@contextmanager
def _executed(connection: Any, sql: str, params: list[Any]) -> Iterator[Any]:
    """A cursor that has run one of these statements, with the writes a ``writes_together``
    scope holds sent before it in the same round trip (psycopg's pipeline mode, whose end
    sends one Sync and reads every answer; the statement's rows are read after it), and the
    BEGIN when it opens its transaction (``_together``). Without either, on other databases
    and where Django logs queries it runs alone."""
    with _cursor(connection) as cursor:
        waiting = _waiting_on(connection)
        writes = waiting.take() if waiting is not None else []
        if writes or _begins_here(connection):
            with _together(connection) as raw:
                _send(raw, writes)
                cursor.execute(sql, params)
        else:
            cursor.execute(sql, params)
        yield cursor


def all_together(
    *runs: tuple[Statement[Any], tuple[Any, ...]], using: str = "default"
) -> list[list[Any]]:
    """``statement.all(*values)`` of each (statement, values), in that order, sent in one
    round trip on PostgreSQL (with the writes a ``writes_together`` scope holds before them);
    one after the other elsewhere and where Django logs queries."""
    connection = connections[using]
    prepared = [statement._params(values, using) for statement, values in runs]
    with _cursor(connection) as first:
        if _pipelinable(connection) is None:
            return [statement.all(*values, using=using) for statement, values in runs]
        cursors = [first] + [_cursor(connection) for _ in prepared[1:]]
        try:
            waiting = _waiting_on(connection)
            with _together(connection) as raw:
                _send(raw, waiting.take() if waiting is not None else [])
                for cursor, (compiled, params) in zip(cursors, prepared, strict=True):
                    cursor.execute(compiled.sql, params)
            # The pipeline's end sent them with one Sync and read every answer.
            return [
                statement._instances(compiled, cursor.fetchall(), using)
                for (statement, _), cursor, (compiled, _) in zip(
                    runs, cursors, prepared, strict=True
                )
            ]
        finally:
            for cursor in cursors[1:]:
                cursor.close()


def _pipelinable(connection: Any) -> Any:
    """The psycopg connection when statements may go out together, else None (pipeline mode
    needs libpq 14 or later: psycopg[binary] brings its own)."""
    if connection.vendor != "postgresql" or connection.queries_logged or not _pipelines():
        return None
    return connection.connection


_pipeline_support: list[bool] = []


def _pipelines() -> bool:
    if not _pipeline_support:
        import psycopg

        _pipeline_support.append(psycopg.Pipeline.is_supported())
    return _pipeline_support[0]


def _begins_here(connection: Any) -> bool:
    """Whether the next statement on ``connection`` opens its transaction (an atomic block
    that has sent nothing yet), where that statement may go out with its BEGIN."""
    if _pipelinable(connection) is None:
        return False
    raw = connection.connection
    return (
        _begin_command(raw) is not None
        and not raw.autocommit
        and raw.pgconn.transaction_status == _IDLE
    )


def _begin_command(raw: Any) -> bytes | None:
    """The BEGIN psycopg would send for ``raw``, or None where it may not be sent by hand
    (a psycopg whose internals differ from those this relies on)."""
    command = getattr(raw, "_get_tx_start_command", None)
    if command is None or not hasattr(raw, "_autocommit"):
        return None
    return command()


@contextmanager
def _together(connection: Any) -> Iterator[Any]:
    """Pipeline mode on ``connection``'s psycopg connection: the statements run in the body go
    out together, with one Sync at the end, whose answers are all read there.

    When they open the transaction, the BEGIN goes out first in the same round trip. psycopg
    would send its own BEGIN alone, with a Sync of its own, before the first statement: a
    round trip for nothing but the BEGIN (the first of a move's). Here psycopg sees the
    connection as in autocommit while the statements are queued (so it adds no BEGIN of its
    own) and the BEGIN is queued by hand before them; once the Sync's answer is read, the
    server and psycopg both see the transaction open, and Django's block commits or rolls it
    back as any other (a failed statement leaves it failed: the block rolls back)."""
    raw = connection.connection
    begin = _begin_command(raw) if _begins_here(connection) else None
    with connection.wrap_database_errors:
        if begin is None:
            with raw.pipeline():
                yield raw
            return
        raw._autocommit = True
        try:
            with raw.pipeline():
                _send(raw, [(begin, None)], prepare=False)
                yield raw
        finally:
            raw._autocommit = False


def _send(raw: Any, writes: list[tuple[Any, Any]], prepare: bool | None = None) -> None:
    """Queue ``writes`` on ``raw``, which is in pipeline mode: no answer is awaited here."""
    from django.db.backends.postgresql.base import ServerBindingCursor

    if writes:
        cursor = ServerBindingCursor(raw)  # type: ignore[call-arg]
        for sql, params in writes:
            cursor.execute(sql, params, prepare=prepare)  # type: ignore[attr-defined]


class _Compiled:
    def __init__(self, queryset: QuerySet, markers: tuple[Any, ...], alias: str) -> None:
        compiler = queryset.query.get_compiler(using=alias)
        sql, params = compiler.as_sql()
        self.sql = sql
        self.params = list(params)
        # Where each value goes among the parameters (a value may be used more than once).
        self.slots: list[tuple[int, int]] = []
        for number, marker in enumerate(markers):
            found = [
                i for i, p in enumerate(self.params) if type(p) is type(marker) and p == marker
            ]
            if not found:
                raise ValueError(f"A statement's value is not among its parameters: {sql}")
            self.slots.extend((i, number) for i in found)
        self.compiler = compiler
        # The converters of the columns (JSON decoded, and so on), as results_iter finds them.
        self.converters = compiler.get_converters(
            [column[0] for column in compiler.select[0 : compiler.col_count]]
        )
        klass_info = compiler.klass_info
        select = compiler.select
        if klass_info is None:  # values() or values_list(): rows, no instances
            return
        self.model = klass_info["model"]
        fields = klass_info["select_fields"]
        self.start, self.end = fields[0], fields[-1] + 1
        self.init_list = [f[0].target.attname for f in select[self.start : self.end]]
        self.populators = get_related_populators(klass_info, select, alias)  # type: ignore[call-arg]
        self.annotations = list(compiler.annotation_col_map.items())

    def converted(self, rows: list[Any], connection: Any) -> list[Any]:
        """The rows with each column converted as the queryset converts it (with this
        thread's connection: the compiler's may be another thread's)."""
        if not self.converters:
            return rows
        out = []
        for row in map(list, rows):
            for position, (converters, expression) in self.converters.items():
                value = row[position]
                for converter in converters:
                    value = converter(value, expression, connection)
                row[position] = value
            out.append(row)
        return out


class Statement(Generic[M]):
    """``build(*values)`` returns the queryset; each of ``values`` (an id in a filter, a key)
    must be among its parameters, as such (not inside an expression that changes it)."""

    def __init__(self, build: Callable[..., QuerySet[M, Any]], *kinds: type) -> None:
        self.build = build
        ints, texts = iter(_MARKERS), iter(_TEXT_MARKERS)
        self.markers = tuple(next(texts) if kind is str else next(ints) for kind in kinds)
        self._compiled: dict[str, _Compiled] = {}
        self._lock = threading.Lock()

    def _for(self, alias: str) -> _Compiled:
        compiled = self._compiled.get(alias)
        if compiled is None:
            with self._lock:
                compiled = self._compiled.get(alias)
                if compiled is None:
                    compiled = _Compiled(self.build(*self.markers), self.markers, alias)
                    self._compiled[alias] = compiled
        return compiled

    def _params(self, values: tuple[Any, ...], using: str) -> tuple[_Compiled, list[Any]]:
        compiled = self._for(using)
        if len(values) != len(self.markers):
            raise TypeError(f"This statement takes {len(self.markers)} values.")
        params = list(compiled.params)
        for slot, number in compiled.slots:
            params[slot] = values[number]
        return compiled, params

    def _fetch(self, values: tuple[Any, ...], using: str) -> tuple[_Compiled, list[Any]]:
        compiled, params = self._params(values, using)
        with _executed(connections[using], compiled.sql, params) as cursor:
            return compiled, cursor.fetchall()

    def _instances(self, compiled: _Compiled, rows: list[Any], using: str) -> list[M]:
        if not rows:
            return []
        out = []
        start, end, init_list = compiled.start, compiled.end, compiled.init_list
        for row in compiled.converted(rows, connections[using]):
            obj = compiled.model.from_db(using, init_list, row[start:end])
            for populator in compiled.populators:
                populator.populate(row, obj)
            for name, position in compiled.annotations:
                setattr(obj, name, row[position])
            out.append(obj)
        return out

    def rows(self, *values: Any, using: str = "default") -> list[tuple[Any, ...]]:
        """The rows of a ``values_list()`` queryset built with ``values``, as tuples."""
        compiled, rows = self._fetch(values, using)
        return [tuple(row) for row in compiled.converted(rows, connections[using])]

    def all(self, *values: Any, using: str = "default") -> list[M]:
        """The instances the queryset built with ``values`` would give, in its order."""
        compiled, rows = self._fetch(values, using)
        return self._instances(compiled, rows, using)

    def first(self, *values: Any, using: str = "default") -> M | None:
        """The one instance (the queryset selects at most one row), or None."""
        found = self.all(*values, using=using)
        return found[0] if found else None


# --- writes ----------------------------------------------------------------------------------

_sql_cache: dict[tuple[Any, ...], str] = {}


def _columns(model: type[Model], names: tuple[str, ...]) -> list[Any]:
    return [model._meta.get_field(name) for name in names]


def _table(model: type[Model]) -> str:
    return str(model._meta.db_table)


def _update_sql(
    connection: Any, model: type[Model], key: Any, by: str, values: dict[str, Any]
) -> tuple[str, list[Any]]:
    names = tuple(values)
    key_field: Any = model._meta.pk if by == "pk" else model._meta.get_field(by)
    fields = _columns(model, names)
    cache_key = ("update", model, names, by, connection.vendor)
    sql = _sql_cache.get(cache_key)
    if sql is None:
        quote = connection.ops.quote_name
        table = quote(_table(model))
        sets = ", ".join(f"{quote(f.column)} = %s" for f in fields)
        sql = f"UPDATE {table} SET {sets} WHERE {table}.{quote(key_field.column)} = %s"
        _sql_cache[cache_key] = sql
    params = [f.get_db_prep_save(values[f.name], connection) for f in fields]
    params.append(key_field.get_db_prep_value(key, connection))
    return sql, params


def update(
    model: type[Model], key: Any, *, by: str = "pk", using: str = "default", **values: Any
) -> int:
    """``model.objects.filter(**{by: key}).update(**values)`` for plain column values (no
    expressions), its SQL built once: the number of rows changed."""
    connection = connections[using]
    sql, params = _update_sql(connection, model, key, by, values)
    with _executed(connection, sql, params) as cursor:
        return cursor.rowcount


def update_later(
    model: type[Model], key: Any, *, by: str = "pk", using: str = "default", **values: Any
) -> None:
    """``update`` for a caller that needs no answer: inside a ``writes_together`` scope it
    waits, and goes out with the next statement or at the scope's end; elsewhere it runs now."""
    connection = connections[using]
    waiting = _waiting_on(connection)
    if waiting is None:
        update(model, key, by=by, using=using, **values)
    else:
        waiting.writes.append(_update_sql(connection, model, key, by, values))


# --- writes sent together --------------------------------------------------------------------

_WAITING = "_tm_writes_waiting"


class _Waiting:
    """The writes of a ``writes_together`` scope not sent yet, on one connection. As Django's
    execute wrapper of the connection, it sends them before any other statement (Django's
    own, savepoints included), so every statement runs in the order the code wrote it."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection
        self.writes: list[tuple[str, list[Any]]] = []

    def take(self) -> list[tuple[str, list[Any]]]:
        writes, self.writes = self.writes, []
        return writes

    def send(self, *, commit: bool = False) -> None:
        """Send what waits, and with ``commit`` the COMMIT after it, in one round trip."""
        writes = self.take()
        if writes or commit:
            with _together(self.connection) as raw:
                # COMMIT as one more statement behind the writes (psycopg's commit() would
                # wait for its own Sync): skipped by the server if one of them failed, whose
                # error is raised here, and the block rolls back. psycopg reads the
                # transaction's end from the server's answer.
                _send(raw, [*writes, ("COMMIT", [])] if commit else writes)

    def __call__(self, execute: Any, sql: Any, params: Any, many: bool, context: Any) -> Any:
        """Django's statement, with the writes that wait before it in the same round trip
        (its answer is read at the pipeline's end, before Django reads its rows); a server-side
        cursor's or an executemany's after them, in a round trip of their own."""
        from psycopg import ServerCursor

        cursor = getattr(context.get("cursor"), "cursor", None)
        if many or cursor is None or isinstance(cursor, ServerCursor):
            self.send()
            return execute(sql, params, many, context)
        writes = self.take()
        if not writes:
            return execute(sql, params, many, context)
        with _together(self.connection) as raw:
            _send(raw, writes)
            return execute(sql, params, many, context)


def _outermost(connection: Any) -> bool:
    """Whether the connection's atomic block is its only one, bound to commit when it ends."""
    return (
        len(connection.atomic_blocks) == 1
        and connection.commit_on_exit
        and not connection.needs_rollback
        and not connection.savepoint_ids
    )


def _waiting_on(connection: Any) -> _Waiting | None:
    return getattr(connection, _WAITING, None)


@contextmanager
def atomic(using: str = "default") -> Iterator[None]:
    """``transaction.atomic()`` whose body is a ``writes_together`` scope. As the outermost
    block, its last writes go out with its COMMIT, in one round trip; Django's own commit
    then finds the transaction done and runs the on-commit callbacks as usual. Nested in
    another block (tests), it only sends them at its end."""
    with transaction.atomic(using=using), writes_together(using, commit=True):
        yield


@contextmanager
def writes_together(using: str = "default", *, commit: bool = False) -> Iterator[None]:
    """The body of an atomic block whose writes need no answer (``update_later``): they go
    out together, with the next statement that needs one or all at once at the end, instead of
    a round trip to PostgreSQL each. What the database sees, and in which order, is the same;
    a failed write raises at the statement it went out with (inside the block). An exception
    out of the scope drops what was not sent and marks the block for rollback, so that no
    part of it can commit. Nested scopes, other databases and connections whose queries Django
    logs run every write at once."""
    connection = connections[using]
    if not connection.in_atomic_block:
        raise RuntimeError("writes_together() runs inside an atomic block.")
    connection.ensure_connection()
    if _waiting_on(connection) is not None or _pipelinable(connection) is None:
        yield
        return
    waiting = _Waiting(connection)
    setattr(connection, _WAITING, waiting)
    connection.execute_wrappers.append(waiting)
    try:
        yield
        # ``commit`` (``atomic``): nothing of the block comes after this scope.
        waiting.send(commit=commit and _outermost(connection))
    except BaseException:
        waiting.take()
        transaction.set_rollback(True, using=using)
        raise
    finally:
        connection.execute_wrappers.remove(waiting)
        delattr(connection, _WAITING)


def _insert_sql(
    connection: Any, model: type[M], values: dict[str, Any], *, returning: bool
) -> tuple[M, str, list[Any]]:
    """The unsaved instance of ``values`` and its INSERT (with ``returning``: the new key
    comes back), the SQL built once."""
    obj = model(**values)
    pk_field: Any = model._meta.pk
    fields = [f for f in model._meta.concrete_fields if f is not pk_field]
    key = ("insert", model, connection.vendor, returning)
    sql = _sql_cache.get(key)
    if sql is None:
        quote = connection.ops.quote_name
        table = quote(_table(model))
        columns = ", ".join(quote(str(f.column)) for f in fields)
        marks = ", ".join(["%s"] * len(fields))
        sql = f"INSERT INTO {table} ({columns}) VALUES ({marks})"
        if returning:
            sql += f" RETURNING {table}.{quote(pk_field.column)}"
        _sql_cache[key] = sql
    # pre_save fills auto_now_add (and auto_now) as Model.save does.
    params = [f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields]
    return obj, sql, params


def _saved(obj: M, using: str) -> M:
    obj._state.adding = False
    obj._state.db = using
    return obj


def insert(model: type[M], using: str = "default", **values: Any) -> M:
    """``model.objects.create(**values)`` without its signals (none is listened to for the
    models this serves), its SQL built once: the saved instance. Fields left out take their
    defaults; ``auto_now_add`` fields are set now, as ``save`` sets them."""
    connection = connections[using]
    returning = connection.features.can_return_columns_from_insert
    obj, sql, params = _insert_sql(connection, model, values, returning=returning)
    with _executed(connection, sql, params) as cursor:
        if returning:
            pk = cursor.fetchone()[0]
        else:
            pk_field: Any = model._meta.pk
            pk = connection.ops.last_insert_id(cursor, _table(model), pk_field.column)
    obj.pk = pk
    return _saved(obj, using)


def insert_later(model: type[M], using: str = "default", **values: Any) -> M:
    """``insert`` for a caller that needs neither an answer nor the new row's key: inside a
    ``writes_together`` scope the INSERT waits like ``update_later``'s writes and goes out with
    the next statement or at the scope's end, and the instance's key stays None (nothing may
    read it back by key); elsewhere it runs now and the instance has its key."""
    connection = connections[using]
    waiting = _waiting_on(connection)
    if waiting is None:
        return insert(model, using=using, **values)
    obj, sql, params = _insert_sql(connection, model, values, returning=False)
    waiting.writes.append((sql, params))
    return _saved(obj, using)
