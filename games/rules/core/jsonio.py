"""JSON text of game states: orjson when it is installed, the standard library otherwise.

Both give the same data back (states hold only str-keyed dicts, lists, str, int, bool and
None); orjson only does it several times faster, which matters for a state read and written
with every move.
"""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - the standard library is the fallback
    orjson = None  # type: ignore[assignment]

BACKEND = "orjson" if orjson is not None else "the standard library's json"


def dumps(value: Any) -> str:
    if orjson is not None:
        return orjson.dumps(value).decode()
    return json.dumps(value, separators=(",", ":"))


def loads(text: str | bytes) -> Any:
    if orjson is not None:
        return orjson.loads(text)
    return json.loads(text)
