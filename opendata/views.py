"""The open-data page and the files it links to."""

from __future__ import annotations

import re

from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games import kinds

from . import selectors
from .conf import dump_root
from .services import SCHEMA_FILE, SCHEMA_SOURCE

FILE_NAME = re.compile(r"^[a-z_]{1,40}-\d{4}-\d{2}\.jsonl\.gz\Z")


def opendata_page(request: HttpRequest) -> HttpResponse:
    names = {k.kind: k.name for k in kinds.kinds()}
    dumps = [(names.get(d.kind, d.kind), d) for d in selectors.dumps()]
    return render(request, "opendata/index.html", {"dumps": dumps, "schema_file": SCHEMA_FILE})


def opendata_file(request: HttpRequest, name: str) -> FileResponse:
    """A dump file (only one the database lists) or the record schema."""
    if name == SCHEMA_FILE:
        return FileResponse(
            open(SCHEMA_SOURCE, "rb"), content_type="application/schema+json", filename=name
        )
    if not FILE_NAME.match(name) or selectors.dump_by_name(name) is None:
        raise Http404("No such file.")
    path = dump_root() / name
    if not path.is_file():
        raise Http404("No such file.")
    # Served as the compressed bytes they are; a browser saves them rather than unpacking them.
    return FileResponse(
        open(path, "rb"), as_attachment=True, filename=name, content_type="application/gzip"
    )
