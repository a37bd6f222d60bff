"""All SQL of the contact context: storing a message, finding a recent identical one, and finding
the messages from or mentioning an address (erasure)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from services.contact.domain import ContactForm
from services.contact.models import ContactMessage


def add_message(session: Session, form: ContactForm, now: datetime) -> ContactMessage:
    """Insert ``form`` as a new row (flushed, not committed); the row with its id."""
    row = ContactMessage(
        email=form.email,
        name=form.name,
        order_number=form.order_number,
        topic=form.topic,
        message=form.message,
        created_at=now,
    )
    session.add(row)
    session.flush()
    return row


def to_form(row: ContactMessage) -> ContactForm:
    """A stored row as the form it was made from."""
    return ContactForm(
        email=row.email, name=row.name, order_number=row.order_number, topic=row.topic, message=row.message
    )


def recent_from(session: Session, email: str, since: datetime) -> list[ContactMessage]:
    """Messages from ``email`` created at or after ``since`` (newest first, at most 20)."""
    return list(
        session.scalars(
            select(ContactMessage)
            .where(ContactMessage.email == email, ContactMessage.created_at >= since)
            .order_by(ContactMessage.created_at.desc(), ContactMessage.id.desc())
            .limit(20)
        )
    )


def from_or_mentioning(session: Session, address: str) -> list[ContactMessage]:
    """Messages sent from ``address`` (already lower-case) or whose name or text mentions it,
    compared case-insensitively, oldest first."""
    return list(
        session.scalars(
            select(ContactMessage)
            .where(
                or_(
                    func.lower(ContactMessage.email) == address,
                    func.lower(ContactMessage.name).contains(address, autoescape=True),
                    func.lower(ContactMessage.message).contains(address, autoescape=True),
                )
            )
            .order_by(ContactMessage.id)
        )
    )
