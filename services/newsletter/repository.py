"""All SQL of the newsletter context."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from services.newsletter.domain import SignUp
from services.newsletter.models import NewsletterSubscription


def get_by_email_for_update(session: Session, email: str) -> NewsletterSubscription | None:
    """The subscription of ``email`` (already lower-case), row-locked on PostgreSQL."""
    return session.scalars(
        select(NewsletterSubscription).where(NewsletterSubscription.email == email).with_for_update()
    ).one_or_none()


def insert(session: Session, sign_up: SignUp, now: datetime) -> NewsletterSubscription:
    """Insert a new subscription for ``sign_up`` (flushed). Raises ``IntegrityError`` when the
    address is already subscribed (caller: inside a savepoint)."""
    row = NewsletterSubscription(
        email=sign_up.email, tags=list(sign_up.tags), source=sign_up.source, consent_at=now, created_at=now
    )
    session.add(row)
    session.flush()
    return row
