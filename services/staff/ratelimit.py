"""Staff login attempt limits, counted with the ``limits`` library (moving window).

Two limits (settings): ``STAFF_LOGIN_ATTEMPTS_PER_MINUTE`` per client IP and email (default 10)
and ``STAFF_LOGIN_ATTEMPTS_PER_MINUTE_PER_IP`` per client IP, whatever the email (default 50).
Every attempt counts. The counters live in ``STAFF_RATE_LIMIT_STORAGE`` (``memory://``: per
process; a shared store such as ``redis://...`` makes the limits hold across workers).
"""

from __future__ import annotations

import math
import time
from functools import lru_cache

from limits import RateLimitItemPerMinute
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from services.shared.settings import get_settings


class LoginLimiter:
    """Counts login attempts; :meth:`attempt` says whether one more is allowed."""

    def __init__(self, storage_uri: str, per_email: int, per_ip: int) -> None:
        self.storage = storage_from_string(storage_uri)
        self.limiter = MovingWindowRateLimiter(self.storage)
        self.per_email = RateLimitItemPerMinute(per_email)
        self.per_ip = RateLimitItemPerMinute(per_ip)

    def attempt(self, ip: str, email: str) -> int | None:
        """Record an attempt from ``ip`` for ``email``. Returns None when allowed, else the
        seconds (at least 1) until the next attempt would be."""
        checks = ((self.per_email, ("staff-login", ip, email)), (self.per_ip, ("staff-login-ip", ip)))
        for item, key in checks:
            if not self.limiter.hit(item, *key):
                reset = self.limiter.get_window_stats(item, *key).reset_time
                return max(1, math.ceil(reset - time.time()))
        return None

    def reset(self) -> None:
        """Forget every counter (tests; an operator after a false alarm)."""
        self.storage.reset()


@lru_cache(maxsize=1)
def get_login_limiter() -> LoginLimiter:
    """The process's limiter, built from the settings on first use
    (``get_login_limiter.cache_clear()`` makes the next call read them again)."""
    settings = get_settings()
    return LoginLimiter(
        settings.staff_rate_limit_storage,
        settings.staff_login_attempts_per_minute,
        settings.staff_login_attempts_per_minute_per_ip,
    )
