"""Newsletter settings from the environment (safe defaults).

The rate limit on sign-ups is ``RATE_LIMIT_NEWSLETTER`` (``services/shared/ratelimit.py``).
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

    confirm_ttl_hours: float = 168
    confirm_resend_seconds: int = 600


def newsletter_settings() -> NewsletterSettings:
    """The current newsletter settings."""
    return NewsletterSettings()
