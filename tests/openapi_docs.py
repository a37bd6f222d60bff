"""What the app's OpenAPI document says an operation answers (for tests that check a real answer
is documented: the status and the ``{code, message}`` error shape)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI


def documented_statuses(app: FastAPI, method: str, path: str) -> set[int]:
    """The status codes documented for ``method`` ``path`` (the path as the document spells it,
    e.g. ``/api/wc/coupons/{coupon_id}``)."""
    return {int(status) for status in app.openapi()["paths"][path][method.lower()]["responses"]}


def assert_documented(app: FastAPI, method: str, path: str, status: int, body: Any) -> None:
    """Fail unless ``status`` is documented for the operation and, for an error, ``body`` has
    the documented ``code`` and ``message`` strings."""
    assert status in documented_statuses(app, method, path), f"{method} {path}: {status} not documented"
    if status >= 400:
        assert isinstance(body.get("code"), str) and isinstance(body.get("message"), str), body
