"""Fixtures for the newsletter tests: an app client on the test database with fresh counters."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from services.api.app import create_app
from services.shared.ratelimit import reset_limits
from services.shared.settings import get_settings


@pytest.fixture
def client(db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A client of the whole app on the test database; fresh sign-up counters before and after."""
    monkeypatch.setenv("WEBAPP_DIST", str(tmp_path / "no-dist"))
    get_settings.cache_clear()
    reset_limits()
    yield TestClient(create_app())
    reset_limits()
