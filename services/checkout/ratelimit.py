"""Rate limit for placing orders (design.md: checkout is rate-limited), with ``limits``.

``CHECKOUT_ORDERS_PER_MINUTE_PER_IP`` (default 30; 0 turns it off) place-order attempts per
client IP (``services.location.client_ip``: ``X-Forwarded-For`` only with
``TRUST_PROXY_HEADERS=1``), moving window, counters in ``CHECKOUT_RATE_LIMIT_STORAGE``
(``memory://`` per process; e.g. ``redis://host:6379`` across workers). Over the limit:
429 ``too_many_requests`` with ``Retry-After``.
"""

from __future__ import annotations

import math
import time
from functools import lru_cache

from limits import RateLimitItemPerMinute
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter
from pydantic_settings import BaseSettings, SettingsConfigDict


class CheckoutLimitSettings(BaseSettings):
    """``CHECKOUT_ORDERS_PER_MINUTE_PER_IP`` and ``CHECKOUT_RATE_LIMIT_STORAGE``."""

    model_config = SettingsConfigDict(env_prefix="CHECKOUT_", extra="ignore")

    orders_per_minute_per_ip: int = 30
    rate_limit_storage: str = "memory://"


class OrderLimiter:
    """Counts place-order attempts per client IP."""

    def __init__(self, storage_uri: str, per_minute: int) -> None:
        self.per_minute = per_minute
        self.storage = storage_from_string(storage_uri)
        self.limiter = MovingWindowRateLimiter(self.storage)
        self.item = RateLimitItemPerMinute(max(1, per_minute))

    def attempt(self, ip: str) -> int | None:
        """Record an attempt from ``ip``: None when allowed, else seconds (>= 1) to wait."""
        if self.per_minute <= 0:
            return None
        if self.limiter.hit(self.item, "checkout-order", ip):
            return None
        reset = self.limiter.get_window_stats(self.item, "checkout-order", ip).reset_time
        return max(1, math.ceil(reset - time.time()))


@lru_cache(maxsize=1)
def get_order_limiter() -> OrderLimiter:
    """The process's limiter, built from the environment on first use (tests call
    ``get_order_limiter.cache_clear()`` after changing it)."""
    settings = CheckoutLimitSettings()
    return OrderLimiter(settings.rate_limit_storage, settings.orders_per_minute_per_ip)
