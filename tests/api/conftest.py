"""Collection fix-ups for the API tests."""

from __future__ import annotations

import pytest
from _pytest.nodeid import NodeId


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Give every schemathesis case (``tests/api/test_openapi_fuzz.py``) its own node id,
    ``test_fuzz_anonymous[GET /api/wc/coupons]``: the plugin builds its items with the bare test
    function's id, so all cases of a test shared one id, and pytest-xdist's ``--dist loadfile``
    (scripts/test.sh) schedules by id: it ran one case per test and reported the other 107 as
    nothing, so the fuzzing silently stopped covering the API."""
    for item in items:
        parent = item.parent
        if parent is not None and "[" in item.name and "[" not in item.nodeid:
            item._id = NodeId.parse(f"{parent.nodeid}::{item.name}")  # noqa: SLF001 - pytest has no public setter
