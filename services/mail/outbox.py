"""Queueing mail in the ``mail_outbox`` table, in the caller's transaction (never lost).

``enqueue`` writes one row per mail; with ``MAIL_BACKEND=outbox`` the row is the delivery (the
developer's local sink, ``sent_at`` set at once); with ``smtp`` it waits for
``services.mail.smtp.deliver_pending``. ``mailbox`` lists a recipient's mails for the dev
endpoint and the tests; ``erase_reference`` blanks the mails of an erased order.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from services.mail.models import OutboxMail
from services.mail.settings import MailSettings, mail_settings


@dataclass(frozen=True)
class Mail:
    """A mail to send: one recipient ``to``, ``subject``, plain ``text`` and ``html`` bodies."""

    to: str
    subject: str
    text: str
    html: str


def enqueue(
    session: Session, mail: Mail, *, reference: str | None = None, settings: MailSettings | None = None
) -> int:
    """Store ``mail`` in the outbox within the caller's transaction; its row id. ``reference``
    names what caused it (``order:<id>``). Flushes, does not commit."""
    backend = (settings or mail_settings()).mail_backend
    now = datetime.now(UTC)
    row = OutboxMail(
        to=mail.to,
        subject=mail.subject,
        text=mail.text,
        html=mail.html,
        reference=reference,
        backend=backend,
        created_at=now,
        sent_at=now if backend == "outbox" else None,
        attempts=0,
    )
    session.add(row)
    session.flush()
    return row.id


def mailbox(session: Session, to: str, limit: int = 50) -> list[dict[str, Any]]:
    """The mails to ``to`` (case-insensitive), newest first: ``{id, to, subject, text, html,
    created_at, sent_at}`` (times ISO 8601 UTC)."""
    rows = session.scalars(
        select(OutboxMail)
        .where(func.lower(OutboxMail.to) == to.strip().lower())
        .order_by(OutboxMail.created_at.desc(), OutboxMail.id.desc())
        .limit(limit)
    )
    return [
        {
            "id": r.id,
            "to": r.to,
            "subject": r.subject,
            "text": r.text,
            "html": r.html,
            "created_at": _iso(r.created_at),
            "sent_at": _iso(r.sent_at),
        }
        for r in rows
    ]


def erase_reference(session: Session, reference: str) -> int:
    """Blank recipient and bodies of every mail with ``reference`` (personal data erasure);
    the number of mails erased."""
    result = session.execute(
        update(OutboxMail)
        .where(OutboxMail.reference == reference)
        .values(to="", subject="(erased)", text="", html="")
        .execution_options(synchronize_session=False)
    )
    return int(result.rowcount or 0)


def _iso(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).isoformat()
