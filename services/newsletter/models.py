"""The newsletter tables: ``newsletter_subscriptions`` (revision 0008, double opt-in columns in
0010), one row per address, and ``newsletter_tokens`` (0010), the hashes of the confirm and
unsubscribe links mailed to it.

``email`` is unique and lower-case (a CHECK keeps it so), which makes addresses unique
case-insensitively on SQLite and PostgreSQL alike. Times are UTC. A token is never stored: only
its SHA-256 digest (``token_hash``, 64 hex digits), so a leaked table opens no link.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import JSON, CheckConstraint, DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from services.shared.db import Base


class SubscriptionStatus(StrEnum):
    """Where a subscription stands (double opt-in): ``pending`` (signed up, confirmation mailed,
    no newsletter yet), ``confirmed`` (the address owner opened the confirm link: newsletters go
    out), ``unsubscribed`` (opted out; a new sign-up starts again at ``pending``)."""

    PENDING = "pending"
    CONFIRMED = "confirmed"
    UNSUBSCRIBED = "unsubscribed"


class TokenPurpose(StrEnum):
    """What a mailed link does: ``confirm`` the subscription or ``unsubscribe`` it."""

    CONFIRM = "confirm"
    UNSUBSCRIBE = "unsubscribe"


class NewsletterSubscription(Base):
    """A newsletter subscription (docs/spec.md section 3 "Newsletter submission").

    Columns: ``email`` (unique, lower-case), ``tags`` (JSON list of texts, merged over repeat
    sign-ups), ``source`` (where the first sign-up came from: footer, modal, api),
    ``created_at`` (first sign-up), ``consent_at`` (the latest sign-up, i.e. the latest time
    the visitor ticked the privacy-policy box and asked for the newsletter), ``status``
    (:class:`SubscriptionStatus`; rows from before revision 0010 were never confirmed and are
    ``pending``), ``confirmed_at`` (when the confirm link was opened; NULL unless confirmed),
    ``unsubscribed_at`` (the latest opt-out), ``confirmation_sent_at`` (the latest confirmation
    mail, to send at most one per ``NEWSLETTER_CONFIRM_RESEND_SECONDS``).
    """

    __tablename__ = "newsletter_subscriptions"
    __table_args__ = (
        CheckConstraint("email = lower(email)", name="email_lower_case"),
        CheckConstraint("status IN ('pending', 'confirmed', 'unsubscribed')", name="status_known"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True, nullable=False)
    tags: Mapped[list[str]] = mapped_column(JSON, nullable=False, default=list)
    source: Mapped[str] = mapped_column(String(16), nullable=False)
    consent_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    status: Mapped[str] = mapped_column(
        String(16), nullable=False, default=SubscriptionStatus.PENDING, server_default="pending"
    )
    confirmed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    unsubscribed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    confirmation_sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class NewsletterToken(Base):
    """One mailed link: ``purpose`` (:class:`TokenPurpose`), ``token_hash`` (SHA-256 hex of the
    token in the link, unique), ``created_at``, ``expires_at`` (confirm links expire; unsubscribe
    links never do, NULL), ``used_at`` (the first time the link worked). Deleted with its
    subscription."""

    __tablename__ = "newsletter_tokens"
    __table_args__ = (CheckConstraint("purpose IN ('confirm', 'unsubscribe')", name="purpose_known"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    subscription_id: Mapped[int] = mapped_column(
        ForeignKey("newsletter_subscriptions.id", ondelete="CASCADE"), nullable=False, index=True
    )
    purpose: Mapped[str] = mapped_column(String(16), nullable=False)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


__all__ = ["NewsletterSubscription", "NewsletterToken", "SubscriptionStatus", "TokenPurpose"]
