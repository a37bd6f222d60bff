"""Queueing mail in the ``mail_outbox`` table, in the caller's transaction (never lost).

``enqueue`` writes one row per mail; with ``MAIL_BACKEND=outbox`` the row is the delivery (the
developer's local sink, ``sent_at`` set at once); with ``smtp`` it waits for
``services.mail.smtp.deliver_pending``. ``mailbox`` lists a recipient's mails for the dev
endpoint and the tests; ``erase_reference`` blanks the mails of an erased order, contact message
or subscription, ``erase_address`` every mail to or mentioning an erased shopper's address.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Text, cast, func, or_, select, update
from sqlalchemy.orm import Session

from services.mail.models import OutboxMail
from services.shared.db import rows_affected
from services.shared.settings import MailSettings, get_settings
from services.shared.text import erasure_address

# Extra headers a mail may carry (From, To, Subject, Message-ID and the MIME headers are the
# sender's own and cannot be set this way).
EXTRA_HEADERS: frozenset[str] = frozenset(
    {"Reply-To", "List-Unsubscribe", "List-Unsubscribe-Post", "List-Id"}
)
MAX_HEADER_VALUE = 998  # RFC 5322 line limit
# Anything that could end a header line or start a new one: C0 controls (CR, LF, tab ...), DEL,
# NEL and the Unicode line and paragraph separators.
_HEADER_BREAKING = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]")


class UnsafeHeader(ValueError):
    """A header name that may not be set, or a header value (recipient and subject included)
    that holds a line break or another control character. A programming error, never input:
    whatever reaches a mail header has been validated before."""


def check_header_value(name: str, value: str) -> str:
    """``value`` if it is safe as the value of header ``name`` (no control characters, at most
    998 characters); else raises :class:`UnsafeHeader`."""
    if not isinstance(value, str) or _HEADER_BREAKING.search(value) or len(value) > MAX_HEADER_VALUE:
        raise UnsafeHeader(f"unsafe value for mail header {name}")
    return value


@dataclass(frozen=True)
class Mail:
    """A mail to send: one recipient ``to``, ``subject``, plain ``text`` and ``html`` bodies, and
    ``headers``: extra headers by name, only those in :data:`EXTRA_HEADERS` (``Reply-To``,
    ``List-Unsubscribe``, ``List-Unsubscribe-Post``, ``List-Id``).

    Raises :class:`UnsafeHeader` when ``to``, ``subject`` or a header value contains a line break
    or another control character (no header injection, whatever a caller passes), or a header
    name is not allowed.
    """

    to: str
    subject: str
    text: str
    html: str
    headers: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        check_header_value("To", self.to)
        check_header_value("Subject", self.subject)
        for name, value in self.headers.items():
            if name not in EXTRA_HEADERS:
                raise UnsafeHeader(f"mail header {name!r} may not be set")
            check_header_value(name, value)


def enqueue(
    session: Session, mail: Mail, *, reference: str | None = None, settings: MailSettings | None = None
) -> int:
    """Store ``mail`` in the outbox within the caller's transaction; its row id. ``reference``
    names what caused it (``order:<id>``, ``contact:<id>``, ``newsletter:<id>``). Flushes, does not
    commit."""
    backend = (settings or get_settings().mail).mail_backend
    now = datetime.now(UTC)
    row = OutboxMail(
        to=mail.to,
        subject=mail.subject,
        text=mail.text,
        html=mail.html,
        headers=dict(mail.headers) or None,
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
    headers, created_at, sent_at}`` (``headers``: the extra headers by name, ``{}`` when none;
    times ISO 8601 UTC)."""
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
            "headers": dict(r.headers or {}),
            "created_at": _iso(r.created_at),
            "sent_at": _iso(r.sent_at),
        }
        for r in rows
    ]


# What an erased mail keeps: its row (id, reference, backend, times), nothing personal.
_ERASED = {"to": "", "subject": "(erased)", "text": "", "html": "", "headers": None, "last_error": None}


def erase_reference(session: Session, reference: str) -> int:
    """Blank recipient, subject, bodies and headers of every mail with ``reference`` (personal
    data erasure, docs/checkout.md "Personal data"); the number of mails erased. An erased mail
    still queued for SMTP is never sent (``deliver_pending`` skips a blank recipient)."""
    result = session.execute(
        update(OutboxMail)
        .where(OutboxMail.reference == reference)
        .values(**_ERASED)
        .execution_options(synchronize_session=False)
    )
    return rows_affected(result)


def erase_address(session: Session, email: str) -> int:
    """Blank every mail sent to ``email`` or mentioning it anywhere (subject, text, HTML or a
    header such as ``Reply-To``), compared case-insensitively; the number of mails erased.
    Raises ``ValueError`` for an address without ``@`` (an empty one would match every mail).
    Does not commit (docs/checkout.md "Personal data")."""
    address = erasure_address(email)
    mentions = [
        func.lower(column).contains(address, autoescape=True)
        for column in (OutboxMail.subject, OutboxMail.text, OutboxMail.html, cast(OutboxMail.headers, Text))
    ]
    result = session.execute(
        update(OutboxMail)
        .where(or_(func.lower(OutboxMail.to) == address, *mentions))
        .values(**_ERASED)
        .execution_options(synchronize_session=False)
    )
    return rows_affected(result)


def _iso(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).isoformat()
