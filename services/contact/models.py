"""The ``contact_messages`` table (Alembic revision 0008): every contact form sent.

The message is stored as the raw text the visitor typed (never rendered as HTML anywhere);
the support mail is queued in the mail outbox with ``reference = "contact:<id>"`` so both can
be erased together. Times are UTC.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from services.shared.db import Base


class ContactMessage(Base):
    """One contact message (docs/spec.md section 3 "Contact form").

    Columns: ``email`` (normalised), ``name`` ('' when not given), ``order_number`` (digits as
    text or NULL), ``topic``, ``message`` (raw text), ``created_at`` (UTC).
    """

    __tablename__ = "contact_messages"
    __table_args__ = (Index("ix_contact_messages_email_created_at", "email", "created_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    email: Mapped[str] = mapped_column(String(254), nullable=False)
    name: Mapped[str] = mapped_column(String(100), nullable=False, default="")
    order_number: Mapped[str | None] = mapped_column(String(20), nullable=True)
    topic: Mapped[str] = mapped_column(String(200), nullable=False)
    message: Mapped[str] = mapped_column(Text, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


__all__ = ["ContactMessage"]
