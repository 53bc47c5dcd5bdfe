"""The API tests' collection: each of schemathesis' operations a test id of its own."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """schemathesis gives every operation of ``@schema.parametrize()`` the same node id (the
    operation only in ``item.name``). ``make test`` distributes by file (``--dist loadfile``),
    whose queue is keyed by node id: the 81 operations collapsed into one and 80 went untested.
    Each item's id is made to name its operation, as ``item.name`` does."""
    for item in items:
        if type(item).__name__ == "SchemathesisFunction" and item.nodeid.endswith(
            "::" + item.originalname
        ):
            item._id = item.parent.id.child(item.name)  # type: ignore[union-attr]
