"""Serving ``/media`` (generated product, category and content images) with a cache policy.

Media file names are not content-hashed: the demo seeder and the importer write
``/media/products/<slug>-<n>.svg`` and ``/media/categories/<slug>.svg`` and rewrite a file in
place when its picture changes. So they are not ``immutable``: browsers and CDNs may keep them
for ``MEDIA_MAX_AGE`` seconds (default a day) without asking, and afterwards revalidate them
cheaply with the ``ETag`` / ``Last-Modified`` that ``StaticFiles`` sends (304 when unchanged).

Media is served from the shop's own origin, and an SVG opened on its own is a document that
could run script. Every media answer therefore carries ``MEDIA_CSP`` (no script, no fetches,
a sandbox) and ``X-Content-Type-Options: nosniff``: an image shown by an ``<img>`` tag is not
affected, and a hostile file opened directly can do nothing on our origin.
"""

from __future__ import annotations

import os
from typing import Any

from starlette.responses import Response
from starlette.staticfiles import PathLike, StaticFiles
from starlette.types import Scope

MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"


def media_cache_control(max_age: int) -> str:
    """``public, max-age=<max_age>`` (seconds); ``no-cache`` (always revalidate) for 0 or less."""
    return f"public, max-age={max_age}" if max_age > 0 else "no-cache"


class CachedStaticFiles(StaticFiles):
    """``StaticFiles`` whose file answers (200 and 304 alike) carry ``Cache-Control`` and the
    script-free ``MEDIA_CSP`` with ``nosniff``."""

    def __init__(self, *, cache_control: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cache_control = cache_control

    def file_response(
        self, full_path: PathLike, stat_result: os.stat_result, scope: Scope, status_code: int = 200
    ) -> Response:
        """The file (or 304 Not Modified) as ``StaticFiles`` answers it, plus ``Cache-Control``,
        ``Content-Security-Policy`` and ``X-Content-Type-Options``."""
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["Cache-Control"] = self.cache_control
        response.headers["Content-Security-Policy"] = MEDIA_CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response
