"""The ``mail_outbox`` table: every mail the shop sends, written in the transaction that causes it.

A transactional outbox: an order and its confirmation commit together, so the confirmation is
never lost. ``backend`` says where the row goes: ``outbox`` (the embedded default: the table
itself is the sink the developer reads, ``GET /api/dev/mailbox``; ``sent_at`` is set at once) or
``smtp`` (pending until a delivery sets ``sent_at``; failures count ``attempts`` and keep
``last_error``). ``reference`` ties a mail to what caused it (``order:<id>``) so personal data
in it can be erased with the order's. ``headers`` (revision 0010) holds the mail's extra headers
(``Reply-To``, ``List-Unsubscribe`` ...) as a JSON object, NULL when none.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, DateTime, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from services.shared.db import Base


class OutboxMail(Base):
    """One mail: ``to`` (one address), ``subject``, ``text`` and ``html`` bodies, extra
    ``headers`` (name -> value, checked by ``outbox.Mail``), timestamps (UTC)."""

    __tablename__ = "mail_outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    to: Mapped[str] = mapped_column(String(320))
    subject: Mapped[str] = mapped_column(String(300))
    text: Mapped[str] = mapped_column(Text)
    html: Mapped[str] = mapped_column(Text)
    headers: Mapped[dict[str, str] | None] = mapped_column(JSON, nullable=True)
    reference: Mapped[str | None] = mapped_column(String(64), index=True)
    backend: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    last_error: Mapped[str | None] = mapped_column(Text)

    __table_args__ = (
        Index("ix_mail_outbox_to", "to"),
        Index("ix_mail_outbox_backend_sent_at", "backend", "sent_at"),
    )


__all__ = ["OutboxMail"]
