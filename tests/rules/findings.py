"""What random games at scale report (tests/rules/fuzz.py, tests/rules/mythotopia/fuzz.py)."""

from __future__ import annotations


class Finding(Exception):
    """A broken property, ``kind`` naming which (stuck, refused, invariant, score, ...)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
