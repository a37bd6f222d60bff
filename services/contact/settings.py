"""Contact settings from the environment (safe defaults).

``SUPPORT_EMAIL``: where contact messages are mailed (default ``support@{SITE_HOST}``).
The rate limit on contact messages is ``RATE_LIMIT_CONTACT`` (``services/shared/ratelimit.py``).
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
    contact_repeat_window_seconds: int = 600

    @property
    def support_address(self) -> str:
        """``SUPPORT_EMAIL`` or ``support@{SITE_HOST}``."""
        return self.support_email.strip() or f"support@{get_settings().site_host}"


def contact_settings() -> ContactSettings:
    """The current contact settings."""
    return ContactSettings()
