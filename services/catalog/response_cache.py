"""Read-through cache of rendered catalogue responses (docs/targets.md section 4.4: catalogue reads p99 < 20 ms).

An ASGI middleware in front of the app. For a GET under a cached prefix it looks up the
rendered response (status 200 only) by path and query string, keyed by the catalogue
revision (``models/revision.py``). The revision is re-read at most every
``catalog_cache_ttl`` seconds per process, so an edit shows within that time everywhere.

Never cached: requests with credentials (Authorization or a staff session cookie: staff may
see drafts), responses that are not 200 or (but for live reads, below) say ``no-store``.
Entries are kept in LRU order up to ``max_entries``.

Live reads (``no_cache``, the storefront's stock checks, docs/spec.md section 5): answered
from memory only under the *live* revision, never the TTL's: with ``live`` (the process's
``RevisionWatch``, ``services/catalog/revision.py``), a ``no_cache`` read of a product or of its
variations (``/api/wc/products/{id}``, ``.../variations``, ``.../variations/{id}``) is kept and
served under the revision the watch reports now, which every stock change moves (an order
takes stock and bumps it in the same transaction). So it is as fresh as a database read:
exactly on SQLite, behind a commit by the notification's delivery on PostgreSQL. Its answer
keeps ``Cache-Control: no-store`` (for browsers). Without a watch, or while it cannot vouch
(``None``), such reads go to the app, as do ``no_cache`` reads of anything else (coupons are not
catalogue rows). With a watch, cached reads use its revision too, so an edit shows at once
rather than within the TTL. docs/targets.md section 4.4: a live stock check within 3x of a
cached read.

Stock-only changes drop only what they touched (docs/spec.md section 5): with
``stock_changes`` (the watch's, ``RevisionWatch.stock_changes``), a move of the live revision
made only by stock changes of products S (orders, cancels, refunds) drops the entries of S and
every entry whose answer may show another product's stock (listings, search, full product
answers: a configurator's choices follow their products' stock), and keeps, re-stamped with
the new revision, the answers made from one product's own rows: its stock facts
(``_fields`` within ``STOCK_FIELDS``), its variations, one variation. So an order drops one
product's stock checks, not every process's every stock check (docs/targets.md section 4.4).
Any other move, or one the watch cannot account for step by step, drops everything.

Misses are coalesced: while one request makes the answer for a key, later requests for the
same key and revision wait for it and get it as a hit, so dropping every entry (each order
moves the revision) does not send 64 identical reads to the database at once.

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
import re
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

from services.catalog.params import text_list
from services.catalog.repository import STOCK_FIELDS
from services.catalog.sales import utc_now
from services.shared.encoding import accepted_encodings

CACHED_PREFIXES = ("/api/wc/", "/api/wp/", "/api/countries", "/api/search/", "/api/search-suggestions")
STAFF_COOKIE = b"staff_session="
GZIP_MIN_BYTES = 1024
# no_cache reads answered under the live revision: a product, its variations, one variation
LIVE_PATH = re.compile(r"/api/wc/products/(\d+)(/variations(?:/\d+)?)?/?")
# (revision, headers, body, gzip-compressed body or None, the product whose own rows alone made
# it or None: see ``own_product``)
_Entry = tuple[int, list[tuple[bytes, bytes]], bytes, bytes | None, int | None]


def own_product(path: str, query: str) -> int | None:
    """The product id when the answer to ``path``/``query`` is made from that product's own rows
    alone (its stock facts: ``_fields`` within ``STOCK_FIELDS``; its variations; one
    variation), so only a change to that product can change it; None for any other answer."""
    match = LIVE_PATH.fullmatch(path)
    if match is None:
        return None
    if match.group(2):
        return int(match.group(1))
    fields = [v for k, v in parse_qsl(query, True) if k == "_fields"]
    if len(fields) != 1:
        return None
    wanted = text_list(fields[0])
    return int(match.group(1)) if wanted and set(wanted) <= STOCK_FIELDS else None


class CatalogResponseCache:
    """ASGI middleware. ``revision`` returns the current catalogue revision (a blocking call);
    ``live(scope)``, when given, the live revision for a request (non-blocking: the app's
    ``RevisionWatch``) or None when there is none to vouch for it (see the module docstring)."""

    def __init__(
        self,
        app: ASGIApp,
        revision: Callable[[], int],
        max_entries: int = 4096,
        ttl: float = 1.0,
        sale_boundary: Callable[[], datetime | None] | None = None,
        live: Callable[[Scope], int | None] | None = None,
        stock_changes: Callable[[Scope, int, int], frozenset[int] | None] | None = None,
    ) -> None:
        self.app = app
        self._live = live
        self._stock_changes = stock_changes
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
        # misses being answered, by key; later identical misses wait for them
        self._filling: dict[str, _Filling] = {}
        self.hits = 0
        self.misses = 0

    async def _current_revision(self, live: int | None, scope: Scope) -> int:
        """The revision to serve. Single-flight: when the TTL has run out, one request re-reads
        it while concurrent ones keep serving the revision already known (stale by at most one
        database read); before the first read completes, requests wait for it. With ``live``
        (the watch's revision) there is no TTL and no revision read: only when it differs from
        the one held (or a sale boundary passed) are the entries dropped and the boundary read,
        and live reads wait for that (one read for all of them) rather than serve the old one.

        Scheduled sales (docs/spec.md section 10.4): when the revision moves, the next sale
        boundary is read with it; once that boundary passes, the revision is re-read at once and
        every entry dropped (prices changed with no catalogue edit), then the next boundary read.

        A move of the live revision that the watch accounts for as stock changes alone
        (``stock_changes``) is taken here, on the event loop, with no read at all: only the
        entries those changes may touch are dropped (see the module docstring)."""
        boundary = self._boundary
        passed = boundary is not None and utc_now() >= boundary
        if live is not None:  # the watch's: no TTL, no revision read; only when it moved
            if live == self._revision and not passed:
                return live
            if not passed and self._refreshing is None and self._revision and self._stock_changes is not None:
                changed = self._stock_changes(scope, self._revision, live)
                if changed is not None:
                    self._restamp(live, changed)
                    return live
        elif not passed and time.monotonic() - self._checked_at < self.ttl:
            return self._revision
        if self._refreshing is not None:
            if self._revision and live is None:
                return self._revision
            await self._refreshing.wait()  # a live read never gets a revision it was not told
            return self._revision
        self._refreshing = anyio.Event()
        known = self._revision

        def read() -> tuple[int, datetime | None]:
            revision = live if live is not None else self._revision_source()
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

    def _restamp(self, revision: int, changed: frozenset[int]) -> None:
        """Move to ``revision``, reached by stock changes of the products ``changed`` alone: keep
        (under ``revision``) the entries made from one other product's own rows, drop the rest."""
        with self._lock:
            kept: OrderedDict[str, _Entry] = OrderedDict()
            for key, entry in self._entries.items():
                if entry[4] is not None and entry[4] not in changed:
                    kept[key] = (revision, *entry[1:])
            self._entries = kept
            self._revision, self._checked_at = revision, time.monotonic()

    @staticmethod
    def _lane(scope: Scope) -> str | None:
        """``"cached"`` for a cacheable read, ``"live"`` for a ``no_cache`` read of a product or
        its variations (kept only under the live revision), None for anything else."""
        if scope["type"] != "http" or scope["method"] != "GET":
            return None
        if not scope["path"].startswith(CACHED_PREFIXES):
            return None
        for name, value in scope["headers"]:
            if name == b"authorization" or (name == b"cookie" and STAFF_COOKIE in value):
                return None
        query = scope.get("query_string", b"").decode("latin-1")
        if not any(k == "no_cache" and v not in ("", "false", "0") for k, v in parse_qsl(query, True)):
            return "cached"
        return "live" if LIVE_PATH.fullmatch(scope["path"]) else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        lane = self._lane(scope) if self.max_entries > 0 else None
        live = self._live(scope) if lane is not None and self._live is not None else None
        if lane is None or (lane == "live" and live is None):
            await self.app(scope, receive, send)
            return
        revision = await self._current_revision(live, scope)
        if revision == 0 or (lane == "live" and revision != live):
            # not migrated yet (nothing safe to key by), or a live read while the revision
            # the cache holds is not the watch's (being re-read): from the database
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
        filling = self._filling.get(key)
        if filling is not None and filling.revision == revision:
            # the same answer is being made for another request: wait for it and share it (no
            # stampede of identical database reads after every edit or order)
            await filling.done.wait()
            if filling.entry is not None:
                self.hits += 1
                await self._answer(scope, send, filling.entry, b"HIT")
                return
        self.misses += 1
        filling = _Filling(revision)
        self._filling[key] = filling
        try:
            filling.entry = await self._fill(scope, receive, send, key, revision, lane == "live")
        finally:
            filling.done.set()
            if self._filling.get(key) is filling:
                del self._filling[key]

    async def _fill(
        self, scope: Scope, receive: Receive, send: Send, key: str, revision: int, live: bool = False
    ) -> _Entry | None:
        """Run the app for a miss. Its answer is held back until complete: when it can be kept
        (:meth:`_entry`), it goes out as a hit would (compressed for clients that accept gzip: a
        cold category listing is 8 KB on the wire, not 64 KB), is kept when its revision is
        still the current one, and is returned (requests that
        waited for it get it too); otherwise (not 200, ``no-store``) it goes out exactly as the
        app sent it, and None is returned."""
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
                    entry = self._entry(revision, start, b"".join(chunks), live, key)
                    if entry is not None:
                        self._keep(key, entry)

        await self.app(scope, receive, capture)
        if entry is not None:
            await self._answer(scope, send, entry, b"MISS")
            return entry
        for message in messages:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), (b"x-cache", b"MISS")]}
            await send(message)
        return None

    @staticmethod
    async def _answer(scope: Scope, send: Send, entry: _Entry, cache: bytes) -> None:
        """Send a stored ``entry``: its gzip-compressed body with ``Content-Encoding: gzip``
        when it has one and the request accepts gzip, else its body; ``X-Cache`` says ``cache``."""
        _, headers, body, gzipped, _ = entry
        if gzipped is not None and "gzip" in _accept_encoding(scope):
            body = gzipped
            headers = [
                *((k, v) for k, v in headers if k.lower() != b"content-length"),
                (b"content-length", str(len(body)).encode()),
                (b"content-encoding", b"gzip"),
            ]
        await send({"type": "http.response.start", "status": 200, "headers": [*headers, (b"x-cache", cache)]})
        await send({"type": "http.response.body", "body": body})

    @staticmethod
    def _entry(revision: int, start: dict[str, Any], body: bytes, live: bool, key: str) -> _Entry | None:
        """The entry for a complete answer of ``revision`` to ``key`` (path ``?`` query): a 200
        that does not say ``no-store`` (unless it is a ``live`` read's: that one says it to
        browsers), gzip-compressed too when it is large, with its :func:`own_product`; None for
        any other answer."""
        headers = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"x-cache"]
        if start.get("status") != 200 or (
            not live and any(k.lower() == b"cache-control" and b"no-store" in v for k, v in headers)
        ):
            return None
        gzipped = None
        if len(body) >= GZIP_MIN_BYTES and not any(k.lower() == b"content-encoding" for k, _ in headers):
            gzipped = gzip.compress(body, compresslevel=6, mtime=0)
            headers = [*headers, (b"vary", b"Accept-Encoding")]
        path, _, query = key.partition("?")
        return (revision, headers, body, gzipped, own_product(path, query))

    def _keep(self, key: str, entry: _Entry) -> None:
        """Keep ``entry`` under ``key`` if its revision is still the one served."""
        with self._lock:
            if entry[0] != self._revision:
                return
            self._entries[key] = entry
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)


class _Filling:
    """A miss being answered (``CatalogResponseCache.__call__``): its ``revision``, ``done`` once
    answered, and the ``entry`` it made (None when the answer cannot be shared)."""

    def __init__(self, revision: int) -> None:
        self.revision = revision
        self.done = anyio.Event()
        self.entry: _Entry | None = None


def _accept_encoding(scope: Scope) -> set[str]:
    """The codings the request's ``Accept-Encoding`` allows."""
    for name, value in scope["headers"]:
        if name == b"accept-encoding":
            return accepted_encodings(value.decode("latin-1"))
    return set()
