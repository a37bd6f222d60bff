"""All SQL of the newsletter context."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from services.newsletter.domain import SignUp
from services.newsletter.models import NewsletterSubscription, NewsletterToken, SubscriptionStatus


def get_by_email_for_update(session: Session, email: str) -> NewsletterSubscription | None:
    """The subscription of ``email`` (already lower-case), row-locked on PostgreSQL."""
    return session.scalars(
        select(NewsletterSubscription).where(NewsletterSubscription.email == email).with_for_update()
    ).one_or_none()


def get_for_update(session: Session, subscription_id: int) -> NewsletterSubscription:
    """The subscription ``subscription_id`` (which must exist), row-locked on PostgreSQL."""
    return session.scalars(
        select(NewsletterSubscription).where(NewsletterSubscription.id == subscription_id).with_for_update()
    ).one()


def insert(session: Session, sign_up: SignUp, now: datetime) -> NewsletterSubscription:
    """Insert a new, pending subscription for ``sign_up`` (flushed). Raises ``IntegrityError``
    when the address is already subscribed (caller: inside a savepoint)."""
    row = NewsletterSubscription(
        email=sign_up.email,
        tags=list(sign_up.tags),
        source=sign_up.source,
        consent_at=now,
        created_at=now,
        status=SubscriptionStatus.PENDING,
    )
    session.add(row)
    session.flush()
    return row


def add_token(
    session: Session,
    subscription_id: int,
    purpose: str,
    token_hash: str,
    now: datetime,
    expires_at: datetime | None,
) -> NewsletterToken:
    """Store the hash of a link token for ``subscription_id`` (flushed)."""
    row = NewsletterToken(
        subscription_id=subscription_id,
        purpose=purpose,
        token_hash=token_hash,
        created_at=now,
        expires_at=expires_at,
    )
    session.add(row)
    session.flush()
    return row


def get_token_for_update(session: Session, token_hash: str, purpose: str) -> NewsletterToken | None:
    """The link token with ``token_hash`` and ``purpose``, row-locked on PostgreSQL."""
    return session.scalars(
        select(NewsletterToken)
        .where(NewsletterToken.token_hash == token_hash, NewsletterToken.purpose == purpose)
        .with_for_update()
    ).one_or_none()


def delete_unused_tokens(session: Session, subscription_id: int, purpose: str) -> int:
    """Delete the not yet used tokens of ``purpose`` of a subscription; how many went."""
    result = session.execute(
        delete(NewsletterToken)
        .where(
            NewsletterToken.subscription_id == subscription_id,
            NewsletterToken.purpose == purpose,
            NewsletterToken.used_at.is_(None),
        )
        .execution_options(synchronize_session=False)
    )
    return int(getattr(result, "rowcount", 0) or 0)


def list_confirmed(session: Session) -> list[NewsletterSubscription]:
    """Every confirmed subscription, oldest first."""
    return list(
        session.scalars(
            select(NewsletterSubscription)
            .where(NewsletterSubscription.status == SubscriptionStatus.CONFIRMED)
            .order_by(NewsletterSubscription.id)
        )
    )


def delete_subscription(session: Session, subscription_id: int) -> None:
    """Delete a subscription and its link tokens (explicitly: SQLite may run without
    foreign-key cascades)."""
    session.execute(
        delete(NewsletterToken)
        .where(NewsletterToken.subscription_id == subscription_id)
        .execution_options(synchronize_session=False)
    )
    session.execute(
        delete(NewsletterSubscription)
        .where(NewsletterSubscription.id == subscription_id)
        .execution_options(synchronize_session=False)
    )
