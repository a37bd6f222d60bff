"""Sending a contact message (docs/spec.md sections 4, 5, 7): validate, store, queue the support mail.

:func:`submit_message` works inside the caller's transaction (the endpoint commits): the
message row and its outbox mail commit together, so a message is never stored without its mail
or mailed without being stored. :func:`erase_sender` erases a shopper's messages and their
support mails (docs/checkout.md "Personal data").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.orm import Session

from services.contact import repository
from services.contact.domain import same_message
from services.contact.mails import support_mail
from services.contact.schemas import parse_contact
from services.mail.outbox import enqueue, erase_reference
from services.shared.settings import ContactSettings, get_settings
from services.shared.text import erasure_address


@dataclass(frozen=True)
class Submitted:
    """What happened: ``message_id`` (the stored row), ``mail_id`` (its outbox row; None when
    the message repeated one sent within the repeat window and nothing new was stored)."""

    message_id: int
    mail_id: int | None

    @property
    def repeated(self) -> bool:
        """True when the message was a repeat answered without storing it again."""
        return self.mail_id is None


def submit_message(
    session: Session,
    data: dict[str, Any],
    *,
    now: datetime | None = None,
    settings: ContactSettings | None = None,
) -> Submitted:
    """Validate ``data`` (``{email, message, name, orderNumber, topic}``), store it in
    ``contact_messages`` and queue one mail to the support address (``SUPPORT_EMAIL``, default
    ``support@{SITE_HOST}``) with reference ``contact:<id>``. Flushes, does not commit.

    An identical message from the same address within ``CONTACT_REPEAT_WINDOW_SECONDS`` (a
    resend after a lost answer) is not stored or mailed again: the earlier one's id is returned.
    Raises ``InvalidContact`` (422) for bad fields.
    """
    s = settings or get_settings().contact
    moment = now or datetime.now(UTC)
    form = parse_contact(data)
    if s.contact_repeat_window_seconds > 0:
        since = moment - timedelta(seconds=s.contact_repeat_window_seconds)
        for earlier in repository.recent_from(session, form.email, since):
            if same_message(repository.to_form(earlier), form):
                return Submitted(message_id=earlier.id, mail_id=None)
    row = repository.add_message(session, form, moment)
    mail_id = enqueue(
        session, support_mail(form, row.id, moment, s.support_address), reference=f"contact:{row.id}"
    )
    return Submitted(message_id=row.id, mail_id=mail_id)


ERASED_MESSAGE = "(erased)"


def erase_sender(session: Session, email: str) -> int:
    """Erase the personal data of every contact message sent from ``email`` or mentioning it
    (case-insensitive): ``email`` and ``name`` blanked, ``message`` replaced by ``(erased)``;
    the row (id, topic, order number, time) stays so support's numbering holds. Each message's
    support mail (reference ``contact:<id>``) is blanked too. Returns the number of messages
    erased. Raises ``ValueError`` for an address without ``@``. Does not commit
    (docs/checkout.md "Personal data")."""
    address = erasure_address(email)
    rows = repository.from_or_mentioning(session, address)
    for row in rows:
        row.email = ""
        row.name = ""
        row.message = ERASED_MESSAGE
        erase_reference(session, f"contact:{row.id}")
    session.flush()
    return len(rows)
