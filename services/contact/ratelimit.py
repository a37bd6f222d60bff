"""Contact messages per client IP, counted with the ``limits`` library (moving window).

The same approach as the staff login limit (``services/staff/ratelimit.py``): limits from the
settings (``CONTACT_RATE_LIMIT``, default ``5/minute;20/hour``), counters in
``CONTACT_RATE_LIMIT_STORAGE``. Every accepted-for-processing request counts (valid or not).
"""

from __future__ import annotations

import math
import time
from functools import lru_cache

from limits import RateLimitItem, parse_many
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from services.contact.settings import contact_settings


class ContactLimiter:
    """Counts contact requests per client IP against several windows at once."""

    scope = "contact-mail"

    def __init__(self, storage_uri: str, limits_text: str) -> None:
        """``limits_text`` in the ``limits`` notation (``"5/minute;20/hour"``; empty = no limit).
        Raises ``ValueError`` for a text ``limits`` cannot parse."""
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


@lru_cache(maxsize=1)
def get_contact_limiter() -> ContactLimiter:
    """The process's limiter, built from the settings on first use
    (``get_contact_limiter.cache_clear()`` makes the next call read them again)."""
    settings = contact_settings()
    return ContactLimiter(settings.contact_rate_limit_storage, settings.contact_rate_limit)
