"""Subscribing to the newsletter (spec sections 4, 5, 7): one row per address, tags merged.

:func:`subscribe` works in the caller's transaction (the endpoint commits). A first sign-up
inserts a row; a repeat (any letter case) merges its tags into the existing row and renews
``consent_at``, never adding a second row, even when two sign-ups race (the unique address
catches the loser, which then merges).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from services.newsletter import repository
from services.newsletter.domain import SignUp, merge_tags, parse_subscription
from services.newsletter.models import NewsletterSubscription


@dataclass(frozen=True)
class Subscribed:
    """``subscription_id`` and whether this call created it (False: merged into an existing one)."""

    subscription_id: int
    created: bool


def _merge(row: NewsletterSubscription, sign_up: SignUp, now: datetime) -> None:
    tags = merge_tags(row.tags or [], sign_up.tags)
    if tags != list(row.tags or []):
        row.tags = tags
    row.consent_at = now


def subscribe(session: Session, data: dict[str, Any], *, now: datetime | None = None) -> Subscribed:
    """Validate ``data`` (``{email, tags, source?}``) and store the subscription. Flushes, does
    not commit. Raises ``InvalidSubscription`` (422, 'Please enter a valid email')."""
    sign_up = parse_subscription(data)
    moment = now or datetime.now(UTC)
    existing = repository.get_by_email_for_update(session, sign_up.email)
    if existing is None:
        try:
            with session.begin_nested():
                row = repository.insert(session, sign_up, moment)
            return Subscribed(subscription_id=row.id, created=True)
        except IntegrityError:  # subscribed meanwhile by a concurrent request
            existing = repository.get_by_email_for_update(session, sign_up.email)
            if existing is None:
                raise
    _merge(existing, sign_up, moment)
    session.flush()
    return Subscribed(subscription_id=existing.id, created=False)
