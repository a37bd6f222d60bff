"""Mail settings from the environment (safe defaults: the embedded outbox, nothing sent).

``MAIL_BACKEND``: ``outbox`` (default; mails stay in the ``mail_outbox`` table, readable at
``GET /api/dev/mailbox``) or ``smtp`` (mails are queued in the same table and delivered through
``SMTP_HOST``:``SMTP_PORT``; ``SMTP_USER``/``SMTP_PASSWORD`` log in when set; ``SMTP_STARTTLS``
upgrades the connection, ``SMTP_SSL`` connects with TLS from the start; ``SMTP_TIMEOUT`` seconds).
``MAIL_FROM`` is the sender; ``SHOP_URL`` the storefront's public address for links in mails.
"""

from __future__ import annotations

from typing import Literal

from pydantic_settings import BaseSettings, SettingsConfigDict


class MailSettings(BaseSettings):
    """See the module docstring. Read on every use (tests change the environment)."""

    model_config = SettingsConfigDict(env_prefix="", extra="ignore")

    mail_backend: Literal["outbox", "smtp"] = "outbox"
    mail_from: str = "HALVARD Shop <shop@halvard.example>"
    smtp_host: str = "localhost"
    smtp_port: int = 25
    smtp_user: str = ""
    smtp_password: str = ""
    smtp_starttls: bool = False
    smtp_ssl: bool = False
    smtp_timeout: float = 10.0
    shop_url: str = "http://localhost:8000"


def mail_settings() -> MailSettings:
    """The current mail settings."""
    return MailSettings()
