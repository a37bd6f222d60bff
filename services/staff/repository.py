"""All SQL of the staff context (tables in ``services/staff/models.py``).

SQLite hands back naive datetimes for ``DateTime(timezone=True)`` columns; every time read
here is returned timezone-aware UTC so the rules compare like with like on both databases.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from services.shared.db import rows_affected
from services.staff.models import StaffSessionRecord, StaffUserRecord


def utc(value: datetime) -> datetime:
    """``value`` as an aware UTC datetime (naive values are taken to be UTC)."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def get_user_by_email(session: Session, email: str) -> StaffUserRecord | None:
    """The account with this (already lower-case) email, or None."""
    return session.scalars(select(StaffUserRecord).where(StaffUserRecord.email == email)).one_or_none()


def add_user(session: Session, record: StaffUserRecord) -> StaffUserRecord:
    """Insert ``record`` and flush, so its id is known."""
    session.add(record)
    session.flush()
    return record


def add_session(session: Session, record: StaffSessionRecord) -> None:
    """Insert a session row (flushed)."""
    session.add(record)
    session.flush()


def get_live_session_user(
    session: Session, token_hash: str, now: datetime
) -> tuple[StaffSessionRecord, StaffUserRecord] | None:
    """The session with this digest and its user, when the session has not expired at ``now``
    and the user is active; else None."""
    row = session.execute(
        select(StaffSessionRecord, StaffUserRecord)
        .join(StaffUserRecord, StaffUserRecord.id == StaffSessionRecord.user_id)
        .where(
            StaffSessionRecord.token_hash == token_hash,
            StaffSessionRecord.expires_at > now,
            StaffUserRecord.active.is_(True),
        )
    ).one_or_none()
    if row is None:
        return None
    return row[0], row[1]


def touch_session(session: Session, token_hash: str, now: datetime) -> None:
    """Set the session's ``last_seen_at`` to ``now``."""
    session.execute(
        update(StaffSessionRecord).where(StaffSessionRecord.token_hash == token_hash).values(last_seen_at=now)
    )


def delete_session(session: Session, token_hash: str) -> bool:
    """Remove one session; whether it existed."""
    result = session.execute(delete(StaffSessionRecord).where(StaffSessionRecord.token_hash == token_hash))
    return rows_affected(result) > 0


def set_password_hash(session: Session, user_id: int, password_hash: str) -> None:
    """Store ``user_id``'s new password hash (an argon2 PHC string)."""
    session.execute(
        update(StaffUserRecord).where(StaffUserRecord.id == user_id).values(password_hash=password_hash)
    )


def delete_expired_sessions(session: Session, user_id: int, now: datetime) -> int:
    """Remove ``user_id``'s sessions that expired by ``now``; how many went."""
    result = session.execute(
        delete(StaffSessionRecord).where(
            StaffSessionRecord.user_id == user_id, StaffSessionRecord.expires_at <= now
        )
    )
    return rows_affected(result)


def delete_user_sessions(session: Session, user_id: int) -> int:
    """Remove every session of ``user_id`` (after a password change); how many went."""
    result = session.execute(delete(StaffSessionRecord).where(StaffSessionRecord.user_id == user_id))
    return rows_affected(result)
