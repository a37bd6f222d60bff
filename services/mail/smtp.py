"""Delivering queued mail over SMTP (``MAIL_BACKEND=smtp``) with the standard library.

``send(mail, settings)`` builds a multipart (text + HTML) ``email.message.EmailMessage`` and
sends it through ``smtplib`` (SSL, STARTTLS and login per ``MailSettings``).
``deliver_pending`` sends the outbox rows queued for SMTP that have no ``sent_at`` yet,
marking each as sent or counting the failed attempt (``last_error``); it claims a row before
sending so two deliverers never send the same mail. Run after an order commits (a background
task) and by ``shop deliver-mail`` for anything left over.
"""

from __future__ import annotations

import logging
import smtplib
import ssl
from collections.abc import Iterable
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage
from email.utils import make_msgid

from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker

from services.mail.models import OutboxMail
from services.mail.outbox import Mail
from services.shared.db import rows_affected
from services.shared.settings import MailSettings, get_settings

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 10
# Header lines up to RFC 5322's 998 characters: at the default 78, a long URL in
# ``List-Unsubscribe`` would be folded into RFC 2047 encoded words that no mail client reads.
MAIL_POLICY = policy.default.clone(max_line_length=998)


def build_message(mail: Mail, sender: str) -> EmailMessage:
    """The MIME message: plain text with an HTML alternative, plus the mail's extra headers
    (already checked by ``Mail``; ``email.message`` refuses line breaks in any header too).
    Uses :data:`MAIL_POLICY`."""
    message = EmailMessage(policy=MAIL_POLICY)
    message["From"] = sender
    message["To"] = mail.to
    message["Subject"] = mail.subject
    message["Message-ID"] = make_msgid(domain=sender.rsplit("@", 1)[-1].strip(">") or None)
    for name, value in mail.headers.items():
        message[name] = value
    message.set_content(mail.text)
    message.add_alternative(mail.html, subtype="html")
    return message


def send(mail: Mail, settings: MailSettings | None = None) -> None:
    """Send one mail now. Raises ``smtplib.SMTPException`` / ``OSError`` on failure."""
    s = settings or get_settings().mail
    message = build_message(mail, s.mail_from)
    if s.smtp_ssl:
        client: smtplib.SMTP = smtplib.SMTP_SSL(
            s.smtp_host, s.smtp_port, timeout=s.smtp_timeout, context=ssl.create_default_context()
        )
    else:
        client = smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=s.smtp_timeout)
    with client:
        if s.smtp_starttls and not s.smtp_ssl:
            client.starttls(context=ssl.create_default_context())
        if s.smtp_user:
            client.login(s.smtp_user, s.smtp_password)
        client.send_message(message)


def _claim(sessions: sessionmaker[Session], mail_id: int, attempts: int) -> Mail | None:
    """Claim one pending row (``attempts + 1`` if still unsent and unclaimed since read) and
    return it, or None when another deliverer got it. The UPDATE comes first in its
    transaction, so on SQLite it waits for the writer lock instead of failing."""
    with sessions() as session:
        claimed = rows_affected(
            session.execute(
                update(OutboxMail)
                .where(
                    OutboxMail.id == mail_id,
                    OutboxMail.sent_at.is_(None),
                    OutboxMail.attempts == attempts,
                    OutboxMail.to != "",  # not erased since it was read
                )
                .values(attempts=attempts + 1)
                .execution_options(synchronize_session=False)
            )
        )
        row = session.get(OutboxMail, mail_id) if claimed == 1 else None
        mail = (
            None
            if row is None
            else Mail(to=row.to, subject=row.subject, text=row.text, html=row.html, headers=row.headers or {})
        )
        session.commit()
    return mail


def deliver_pending(
    sessions: sessionmaker[Session], ids: Iterable[int] | None = None, settings: MailSettings | None = None
) -> dict[str, int]:
    """Send pending SMTP mails (only ``ids`` when given): ``{"sent": n, "failed": m}``.

    Each row is claimed (``attempts + 1`` where ``sent_at`` is NULL and the attempt count is
    what was read) in its own short transaction before sending, then marked ``sent_at`` or
    given ``last_error``. Rows that failed ``MAX_ATTEMPTS`` times are left for an operator;
    rows erased before delivery (blank ``to``, ``outbox.erase_address``) are never sent.
    """
    s = settings or get_settings().mail
    sent = failed = 0
    with sessions() as session:
        query = select(OutboxMail.id, OutboxMail.attempts).where(
            OutboxMail.backend == "smtp",
            OutboxMail.sent_at.is_(None),
            OutboxMail.attempts < MAX_ATTEMPTS,
            OutboxMail.to != "",  # erased before it went out (personal data erasure)
        )
        if ids is not None:
            query = query.where(OutboxMail.id.in_(list(ids)))
        pending = session.execute(query.order_by(OutboxMail.id)).all()
    for mail_id, attempts in pending:
        mail = _claim(sessions, mail_id, attempts)
        if mail is None:
            continue
        error: str | None = None
        try:
            send(mail, s)
        except (OSError, smtplib.SMTPException) as exc:
            log.warning("mail %s not delivered: %s", mail_id, exc)
            error = f"{type(exc).__name__}: {exc}"[:2000]
        with sessions() as session:
            values: dict[str, object] = {"last_error": error}
            if error is None:
                values["sent_at"] = datetime.now(UTC)
            session.execute(
                update(OutboxMail)
                .where(OutboxMail.id == mail_id)
                .values(**values)
                .execution_options(synchronize_session=False)
            )
            session.commit()
        if error is None:
            sent += 1
        else:
            failed += 1
    return {"sent": sent, "failed": failed}
