"""The API's JSON parser, hardened against input that would otherwise end in a 500."""

from __future__ import annotations

import re
from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

# Deeper than any request of ours; deep enough input would exhaust Python's recursion.
MAX_DEPTH = 32
# JSON may escape half of a UTF-16 pair ("\ud800") on its own: Python reads it as a lone
# surrogate, which no UTF-8 text (and so no PostgreSQL text) can hold.
_SURROGATE = re.compile("[\ud800-\udfff]")


class SafeJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError as exc:
            raise ParseError(f"JSON parse error - nested deeper than {MAX_DEPTH} levels") from exc
        _check(data)
        return data


def _check(data: Any) -> None:
    """No NUL characters (PostgreSQL stores none), no lone surrogates (UTF-8 has none) and no
    nesting deeper than MAX_DEPTH."""
    stack = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ParseError(f"JSON parse error - nested deeper than {MAX_DEPTH} levels")
        if isinstance(value, str):
            if "\x00" in value:
                raise ParseError("JSON parse error - text may not contain NUL characters")
            if _SURROGATE.search(value):
                raise ParseError(
                    "JSON parse error - text may not contain lone surrogates (half of a UTF-16 "
                    "pair, such as \\ud800): they are no characters"
                )
        elif isinstance(value, dict):
            stack.extend((k, depth + 1) for k in value)
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
