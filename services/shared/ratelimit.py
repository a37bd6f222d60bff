"""Requests per client IP counted with the ``limits`` library (moving window), for the public
form-like endpoints: contact mail, newsletter sign-up and place-order (spec 7; issues 4, 5).
The staff login keeps its own limiter (``services/staff/ratelimit.py``: per IP *and* email)."""

from __future__ import annotations

import math
import time

from limits import RateLimitItem, parse_many
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter


class WindowLimiter:
    """Counts requests per client IP against several windows at once, under ``scope``."""

    def __init__(self, storage_uri: str, limits_text: str, scope: str) -> None:
        """``limits_text`` in the ``limits`` notation (``"5/minute;20/hour"``; empty = no limit);
        ``storage_uri`` e.g. ``memory://`` (per process) or ``redis://host:6379`` (shared).
        Raises ``ValueError`` for a text ``limits`` cannot parse."""
        self.scope = scope
        self.storage = storage_from_string(storage_uri)
        self.limiter = MovingWindowRateLimiter(self.storage)
        self.items: list[RateLimitItem] = parse_many(limits_text) if limits_text.strip() else []

    def attempt(self, ip: str) -> int | None:
        """Record a request from ``ip``. None when allowed; else the seconds (at least 1) until
        one more would be allowed, and nothing is counted."""
        for item in self.items:
            if not self.limiter.test(item, self.scope, ip):
                return self._wait(item, ip)
        for item in self.items:
            if not self.limiter.hit(item, self.scope, ip):  # filled meanwhile by another request
                return self._wait(item, ip)
        return None

    def _wait(self, item: RateLimitItem, ip: str) -> int:
        reset = self.limiter.get_window_stats(item, self.scope, ip).reset_time
        return max(1, math.ceil(reset - time.time()))

    def reset(self) -> None:
        """Forget every counter (tests; an operator after a false alarm)."""
        self.storage.reset()
