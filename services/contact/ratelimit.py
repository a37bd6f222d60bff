"""Contact messages per client IP (``CONTACT_RATE_LIMIT``, default ``5/minute;20/hour``; counters in
``CONTACT_RATE_LIMIT_STORAGE``). Every accepted-for-processing request counts (valid or not).

The limiter is the shared ``services.shared.ratelimit.WindowLimiter``.
"""

from __future__ import annotations

from functools import lru_cache

from services.contact.settings import contact_settings
from services.shared.ratelimit import WindowLimiter

ContactLimiter = WindowLimiter


@lru_cache(maxsize=1)
def get_contact_limiter() -> WindowLimiter:
    """The process's limiter, built from the settings on first use
    (``get_contact_limiter.cache_clear()`` makes the next call read them again)."""
    settings = contact_settings()
    return WindowLimiter(settings.contact_rate_limit_storage, settings.contact_rate_limit, scope="contact-mail")
