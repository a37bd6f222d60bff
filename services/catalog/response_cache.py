"""Read-through cache of rendered catalogue responses (docs/targets.md section 4.4: catalogue reads p99 < 20 ms).

An ASGI middleware in front of the app. For a GET under a cached prefix it looks up the
rendered response (status 200 only) by path and query string, keyed by the catalogue
revision (``models/revision.py``). The revision is re-read at most every
``catalog_cache_ttl`` seconds per process, so an edit shows within that time everywhere.

Never cached: requests with ``no_cache`` (the storefront's stock checks), requests with
credentials (Authorization or a staff session cookie: staff may see drafts), responses that
are not 200 or say ``no-store``. Entries are kept in LRU order up to ``max_entries``.

Scheduled sales (docs/spec.md section 10.4) change prices without a catalogue edit, so the
revision alone would keep a sale price after its sale ended. Decision: with ``sale_boundary``
(the app passes ``services.catalog.sales.next_boundary``), entries live at most until the next
sale start or end anywhere in the catalogue; it is read only when the revision moves or the
boundary passes (one MIN over the sale dates, never per request). Browsers may still
hold a product answer for its ``max-age`` (60 s) after the boundary.

Compressed once: a stored body of ``GZIP_MIN_BYTES`` or more is also kept gzip-compressed
(level 6, at store time), and hits and the miss that stored them, for clients that accept gzip, get those bytes with
``Content-Encoding: gzip`` (a category listing: 64 KB of JSON -> 8 KB; Lighthouse mobile LCP of
a category page about 0.5 s sooner). Such entries say ``Vary: Accept-Encoding`` either way.
"""

from __future__ import annotations

import gzip
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime
from typing import Any
from urllib.parse import parse_qsl

import anyio
import anyio.to_thread
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from services.catalog.sales import utc_now
from services.shared.encoding import accepted_encodings

CACHED_PREFIXES = ("/api/wc/", "/api/wp/", "/api/countries", "/api/search/", "/api/search-suggestions")
STAFF_COOKIE = b"staff_session="
GZIP_MIN_BYTES = 1024
# (revision, headers, body, gzip-compressed body or None)
_Entry = tuple[int, list[tuple[bytes, bytes]], bytes, bytes | None]


class CatalogResponseCache:
    """ASGI middleware. ``revision`` returns the current catalogue revision (a blocking call)."""

    def __init__(
        self,
        app: ASGIApp,
        revision: Callable[[], int],
        max_entries: int = 4096,
        ttl: float = 1.0,
        sale_boundary: Callable[[], datetime | None] | None = None,
    ) -> None:
        self.app = app
        self._revision_source = revision
        # the next scheduled sale start or end (naive UTC; ``services/catalog/sales.py``): when
        # it passes, prices change with no catalogue edit, so every entry is dropped
        self._boundary_source = sale_boundary
        self._boundary: datetime | None = None
        self.max_entries = max_entries
        self.ttl = ttl
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._revision = 0
        self._checked_at = float("-inf")
        self._refreshing: anyio.Event | None = None
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    async def _current_revision(self) -> int:
        """The revision to serve. Single-flight: when the TTL has run out, one request re-reads
        it while concurrent ones keep serving the revision already known (stale by at most one
        database read); before the first read completes, requests wait for it.

        Scheduled sales (docs/spec.md section 10.4): when the revision moves, the next sale
        boundary is read with it; once that boundary passes, the revision is re-read at once and
        every entry dropped (prices changed with no catalogue edit), then the next boundary read."""
        boundary = self._boundary
        passed = boundary is not None and utc_now() >= boundary
        if not passed and time.monotonic() - self._checked_at < self.ttl:
            return self._revision
        if self._refreshing is not None:
            if self._revision:
                return self._revision
            await self._refreshing.wait()
            return self._revision
        self._refreshing = anyio.Event()
        known = self._revision

        def read() -> tuple[int, datetime | None]:
            revision = self._revision_source()
            if self._boundary_source is not None and (revision != known or passed):
                return revision, self._boundary_source()
            return revision, boundary

        try:
            # Blocking database reads: never on the event loop, which must stay free to finish
            # the requests that give connections back to the pool.
            revision, following = await anyio.to_thread.run_sync(read)
            with self._lock:
                if revision != self._revision or passed:
                    self._entries.clear()
                self._revision, self._boundary, self._checked_at = revision, following, time.monotonic()
        finally:
            self._refreshing.set()
            self._refreshing = None
        return self._revision

    @staticmethod
    def _cacheable_request(scope: Scope) -> bool:
        if scope["type"] != "http" or scope["method"] != "GET":
            return False
        if not scope["path"].startswith(CACHED_PREFIXES):
            return False
        for name, value in scope["headers"]:
            if name == b"authorization" or (name == b"cookie" and STAFF_COOKIE in value):
                return False
        query = scope.get("query_string", b"").decode("latin-1")
        return not any(k == "no_cache" and v not in ("", "false", "0") for k, v in parse_qsl(query, True))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.max_entries <= 0 or not self._cacheable_request(scope):
            await self.app(scope, receive, send)
            return
        revision = await self._current_revision()
        if revision == 0:  # not migrated yet: nothing safe to key by
            await self.app(scope, receive, send)
            return
        key = scope["path"] + "?" + scope.get("query_string", b"").decode("latin-1")
        entry = self._entries.get(key)
        if entry is not None and entry[0] == revision:
            self.hits += 1
            with self._lock:
                if key in self._entries:
                    self._entries.move_to_end(key)
            await self._answer(scope, send, entry, b"HIT")
            return
        self.misses += 1
        await self._fill(scope, receive, send, key, revision)

    async def _fill(self, scope: Scope, receive: Receive, send: Send, key: str, revision: int) -> None:
        """Run the app for a miss. Its answer is held back until complete: when it was stored,
        it goes out as a hit would (compressed for clients that accept gzip: a cold category
        listing is 8 KB on the wire, not 64 KB); otherwise (not 200, ``no-store``, an older
        revision) exactly as the app sent it."""
        messages: list[Message] = []
        start: dict[str, Any] = {}
        chunks: list[bytes] = []
        entry = None

        async def capture(message: Message) -> None:
            nonlocal entry
            messages.append(message)
            if message["type"] == "http.response.start":
                start.update(message)
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))
                if not message.get("more_body", False):
                    entry = self._store(key, revision, start, b"".join(chunks))

        await self.app(scope, receive, capture)
        if entry is not None:
            await self._answer(scope, send, entry, b"MISS")
            return
        for message in messages:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), (b"x-cache", b"MISS")]}
            await send(message)

    @staticmethod
    async def _answer(scope: Scope, send: Send, entry: _Entry, cache: bytes) -> None:
        """Send a stored ``entry``: its gzip-compressed body with ``Content-Encoding: gzip``
        when it has one and the request accepts gzip, else its body; ``X-Cache`` says ``cache``."""
        _, headers, body, gzipped = entry
        if gzipped is not None and "gzip" in _accept_encoding(scope):
            body = gzipped
            headers = [
                *((k, v) for k, v in headers if k.lower() != b"content-length"),
                (b"content-length", str(len(body)).encode()),
                (b"content-encoding", b"gzip"),
            ]
        await send({"type": "http.response.start", "status": 200, "headers": [*headers, (b"x-cache", cache)]})
        await send({"type": "http.response.body", "body": body})

    def _store(self, key: str, revision: int, start: dict[str, Any], body: bytes) -> _Entry | None:
        """Keep a complete 200 answer (not ``no-store``) of ``revision``; the entry kept, or None."""
        headers = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"x-cache"]
        if start.get("status") != 200 or any(
            k.lower() == b"cache-control" and b"no-store" in v for k, v in headers
        ):
            return None
        gzipped = None
        if len(body) >= GZIP_MIN_BYTES and not any(k.lower() == b"content-encoding" for k, _ in headers):
            gzipped = gzip.compress(body, compresslevel=6, mtime=0)
            headers = [*headers, (b"vary", b"Accept-Encoding")]
        with self._lock:
            if revision != self._revision:
                return None
            entry = (revision, headers, body, gzipped)
            self._entries[key] = entry
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)
        return entry


def _accept_encoding(scope: Scope) -> set[str]:
    """The codings the request's ``Accept-Encoding`` allows."""
    for name, value in scope["headers"]:
        if name == b"accept-encoding":
            return accepted_encodings(value.decode("latin-1"))
    return set()
