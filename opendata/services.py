"""Writes of the open data: the nightly dumps (docs/open-data.md).

One gzip-compressed JSON Lines file per game kind and month, written to a temporary file and
renamed into place, so a download never sees half a file. The gzip header carries no time, so
a month whose games did not change gives the same bytes (and checksum) night after night.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import tempfile
from pathlib import Path

import orjson
from django.db import transaction
from django.utils import timezone

from . import selectors
from .conf import dump_root
from .models import Dump

SCHEMA_FILE = "game-record.schema.json"
SCHEMA_SOURCE = Path(__file__).parent / "schema" / SCHEMA_FILE
CHUNK = 200


def file_name(kind: str, month: str) -> str:
    return f"{kind}-{month}.jsonl.gz"


def _write_month(root: Path, kind: str, month: str) -> tuple[int, int, str]:
    """Write one month's file; returns (games, bytes, sha256)."""
    target = root / file_name(kind, month)
    count = 0
    digest = hashlib.sha256()
    handle, temporary = tempfile.mkstemp(dir=root, prefix=".partial-", suffix=".gz")
    try:
        with (
            os.fdopen(handle, "wb") as raw,
            gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as out,
        ):
            ids = list(selectors.published_games(kind, month).values_list("pk", flat=True))
            for start in range(0, len(ids), CHUNK):
                chunk = selectors.published_games(kind, month).filter(
                    pk__in=ids[start : start + CHUNK]
                )
                for rec in selectors.records(chunk):
                    out.write(orjson.dumps(rec, option=orjson.OPT_SORT_KEYS) + b"\n")
                    count += 1
        with open(temporary, "rb") as done:
            for block in iter(lambda: done.read(1 << 16), b""):
                digest.update(block)
        size = os.path.getsize(temporary)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return count, size, digest.hexdigest()


def dumps_build() -> list[str]:
    """Rebuild every month's file of every kind from the published games; remove the files of
    months that no longer have one. Returns the names of the files written."""
    root = dump_root()
    root.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SCHEMA_SOURCE, root / SCHEMA_FILE)
    written = []
    months = selectors.published_months()
    for kind, month in months:
        games, size, sha = _write_month(root, kind, month)
        name = file_name(kind, month)
        Dump.objects.update_or_create(
            kind=kind,
            month=month,
            defaults={
                "file_name": name,
                "games": games,
                "size": size,
                "sha256": sha,
                "built_at": timezone.now(),
            },
        )
        written.append(name)
    with transaction.atomic():
        stale = Dump.objects.exclude(file_name__in=written)
        for dump in stale:
            (root / dump.file_name).unlink(missing_ok=True)
        stale.delete()
    return written
