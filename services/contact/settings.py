"""Contact settings from the environment (safe defaults).

``SUPPORT_EMAIL``: where contact messages are mailed (default ``support@{SITE_HOST}``).
``CONTACT_RATE_LIMIT``: messages allowed per client IP, in the ``limits`` notation
(default ``5/minute;20/hour``; empty turns the limit off). ``CONTACT_RATE_LIMIT_STORAGE``: where
the counters live (``memory://`` per process; e.g. ``redis://host:6379`` across workers).
``CONTACT_REPEAT_WINDOW_SECONDS``: an identical message from the same address within this many
seconds is answered as sent without storing or mailing it again (default 600; 0 = off).
"""

from __future__ import annotations

from pydantic_settings import BaseSettings, SettingsConfigDict

from services.shared.settings import get_settings


class ContactSettings(BaseSettings):
    """See the module docstring. Read on every use (tests change the environment)."""

    model_config = SettingsConfigDict(env_prefix="", extra="ignore")

    support_email: str = ""
    contact_rate_limit: str = "5/minute;20/hour"
    contact_rate_limit_storage: str = "memory://"
    contact_repeat_window_seconds: int = 600

    @property
    def support_address(self) -> str:
        """``SUPPORT_EMAIL`` or ``support@{SITE_HOST}``."""
        return self.support_email.strip() or f"support@{get_settings().site_host}"


def contact_settings() -> ContactSettings:
    """The current contact settings."""
    return ContactSettings()
