"""The ``newsletter_subscriptions`` table (Alembic revision 0008): one row per address.

``email`` is unique and lower-case (a CHECK keeps it so), which makes addresses unique
case-insensitively on SQLite and PostgreSQL alike. Times are UTC.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, CheckConstraint, DateTime, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from services.shared.db import Base


class NewsletterSubscription(Base):
    """A newsletter subscription (spec section 3 "Newsletter submission").

    Columns: ``email`` (unique, lower-case), ``tags`` (JSON list of texts, merged over repeat
    sign-ups), ``source`` (where the first sign-up came from: footer, modal, api),
    ``created_at`` (first sign-up), ``consent_at`` (the latest sign-up, i.e. the latest time
    the visitor ticked the privacy-policy box and asked for the newsletter).
    """

    __tablename__ = "newsletter_subscriptions"
    __table_args__ = (CheckConstraint("email = lower(email)", name="email_lower_case"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True, nullable=False)
    tags: Mapped[list[str]] = mapped_column(JSON, nullable=False, default=list)
    source: Mapped[str] = mapped_column(String(16), nullable=False)
    consent_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


__all__ = ["NewsletterSubscription"]
