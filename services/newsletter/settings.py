"""Newsletter settings from the environment (safe defaults).

``NEWSLETTER_RATE_LIMIT``: sign-ups allowed per client IP, in the ``limits`` notation (default
``5/minute;20/hour``; empty turns the limit off). ``NEWSLETTER_RATE_LIMIT_STORAGE``: where the
counters live (``memory://`` per process; e.g. ``redis://host:6379`` across workers).
"""

from __future__ import annotations

from pydantic_settings import BaseSettings, SettingsConfigDict


class NewsletterSettings(BaseSettings):
    """See the module docstring. Read on every use (tests change the environment)."""

    model_config = SettingsConfigDict(env_prefix="NEWSLETTER_", extra="ignore")

    rate_limit: str = "5/minute;20/hour"
    rate_limit_storage: str = "memory://"


def newsletter_settings() -> NewsletterSettings:
    """The current newsletter settings."""
    return NewsletterSettings()
