"""Rate limit for placing orders (design.md: checkout is rate-limited), with ``limits``.

``CHECKOUT_ORDERS_PER_MINUTE_PER_IP`` (default 30; 0 turns it off) place-order attempts per
client IP (``services.location.client_ip``: ``X-Forwarded-For`` only with
``TRUST_PROXY_HEADERS=1``), moving window, counters in ``CHECKOUT_RATE_LIMIT_STORAGE``
(``memory://`` per process; e.g. ``redis://host:6379`` across workers). Over the limit:
429 ``too_many_requests`` with ``Retry-After``.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic_settings import BaseSettings, SettingsConfigDict

from services.shared.ratelimit import WindowLimiter


class CheckoutLimitSettings(BaseSettings):
    """``CHECKOUT_ORDERS_PER_MINUTE_PER_IP`` and ``CHECKOUT_RATE_LIMIT_STORAGE``."""

    model_config = SettingsConfigDict(env_prefix="CHECKOUT_", extra="ignore")

    orders_per_minute_per_ip: int = 30
    rate_limit_storage: str = "memory://"


@lru_cache(maxsize=1)
def get_order_limiter() -> WindowLimiter:
    """The process's limiter (``services.shared.ratelimit.WindowLimiter``), built from the
    environment on first use (tests call ``get_order_limiter.cache_clear()`` after changing it).
    ``CHECKOUT_ORDERS_PER_MINUTE_PER_IP`` 0 (or less) turns it off."""
    settings = CheckoutLimitSettings()
    per_minute = settings.orders_per_minute_per_ip
    return WindowLimiter(settings.rate_limit_storage, f"{per_minute}/minute" if per_minute > 0 else "", "checkout-order")
