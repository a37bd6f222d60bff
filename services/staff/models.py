"""Tables of the staff context (Alembic revision 0004): ``staff_users`` and ``staff_sessions``.

Passwords are stored only as argon2id hashes (``services/staff/passwords.py``); session tokens
only as SHA-256 digests (``services/staff/domain.py``). Times are UTC.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, CheckConstraint, DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from services.shared.db import Base


class StaffUserRecord(Base):
    """A staff account.

    Columns:
        id: surrogate key.
        email: unique, stored lower-case (a CHECK keeps it so).
        password_hash: argon2id hash in PHC string form; never the password.
        role: ``admin``, ``reviewer``, ``support`` or ``analyst`` (docs/spec.md sections 6
            and 2.14; revision 0013 widened the CHECK).
        created_at: when the account was created (UTC).
        active: a disabled account can neither sign in nor use its open sessions.
    """

    __tablename__ = "staff_users"
    __table_args__ = (
        CheckConstraint("role IN ('admin', 'reviewer', 'support', 'analyst')", name="role"),
        CheckConstraint("email = lower(email)", name="email_lower_case"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True, nullable=False)
    password_hash: Mapped[str] = mapped_column(String(255), nullable=False)
    role: Mapped[str] = mapped_column(String(16), nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    active: Mapped[bool] = mapped_column(Boolean, nullable=False, default=True)


class StaffSessionRecord(Base):
    """An open staff session.

    Columns:
        token_hash: SHA-256 hex digest of the cookie's token (primary key).
        user_id: the staff user (sessions go when the user is deleted).
        created_at, expires_at: opened at, unusable from (UTC; ``STAFF_SESSION_HOURS`` apart).
        last_seen_at: last request with it, refreshed at most every 5 minutes (UTC).
    """

    __tablename__ = "staff_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("staff_users.id", ondelete="CASCADE"), nullable=False, index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
