"""Newsletter settings from the environment (safe defaults).

``NEWSLETTER_RATE_LIMIT``: sign-ups allowed per client IP, in the ``limits`` notation (default
``5/minute;20/hour``; empty turns the limit off). ``NEWSLETTER_RATE_LIMIT_STORAGE``: where the
counters live (``memory://`` per process; e.g. ``redis://host:6379`` across workers).
``NEWSLETTER_CONFIRM_TTL_HOURS``: how long a confirm link works (default 168, a week).
``NEWSLETTER_CONFIRM_RESEND_SECONDS``: at most one confirmation mail per address in this many
seconds, however often it is signed up (default 600; protects a stranger's inbox from a flood).
Links in mails start with ``SHOP_URL`` (``services/mail/settings.py``).
"""

from __future__ import annotations

from pydantic_settings import BaseSettings, SettingsConfigDict


class NewsletterSettings(BaseSettings):
    """See the module docstring. Read on every use (tests change the environment)."""

    model_config = SettingsConfigDict(env_prefix="NEWSLETTER_", extra="ignore")

    rate_limit: str = "5/minute;20/hour"
    rate_limit_storage: str = "memory://"
    confirm_ttl_hours: float = 168
    confirm_resend_seconds: int = 600


def newsletter_settings() -> NewsletterSettings:
    """The current newsletter settings."""
    return NewsletterSettings()
