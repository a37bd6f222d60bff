"""Newsletter sign-ups per client IP (``NEWSLETTER_RATE_LIMIT``, default ``5/minute;20/hour``;
counters in ``NEWSLETTER_RATE_LIMIT_STORAGE``). Every request counts; a refused one counts nothing.

The limiter is the shared ``services.shared.ratelimit.WindowLimiter``.
"""

from __future__ import annotations

from functools import lru_cache

from services.newsletter.settings import newsletter_settings
from services.shared.ratelimit import WindowLimiter

SignUpLimiter = WindowLimiter


@lru_cache(maxsize=1)
def get_signup_limiter() -> WindowLimiter:
    """The process's limiter, built from the settings on first use
    (``get_signup_limiter.cache_clear()`` makes the next call read them again)."""
    settings = newsletter_settings()
    return WindowLimiter(settings.rate_limit_storage, settings.rate_limit, scope="newsletter")
