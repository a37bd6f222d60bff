"""Staff use cases: create accounts, sign in, resolve a session token, sign out.

Functions take an ORM session and never commit (the caller's boundary does: the endpoint, the
CLI, or :func:`services.staff.deps.optional_staff`). Rules come from ``domain.py``; SQL from
``repository.py``; hashing from ``passwords.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy.orm import Session

from services.shared.errors import Conflict
from services.staff import repository
from services.staff.domain import (
    Role,
    StaffUser,
    check_new_email,
    check_new_password,
    check_role,
    invalid_credentials,
    is_live,
    needs_last_seen_update,
    new_session_token,
    normalise_email,
    session_expiry,
    token_digest,
)
from services.staff.models import StaffSessionRecord, StaffUserRecord
from services.staff.passwords import dummy_hash, hash_password, needs_rehash, verify_password


@dataclass(frozen=True, slots=True)
class OpenedSession:
    """A session just opened: the token for the cookie (shown once), its expiry, the user."""

    token: str
    expires_at: datetime
    user: StaffUser


def _now() -> datetime:
    return datetime.now(UTC)


def _user(record: StaffUserRecord) -> StaffUser:
    return StaffUser(id=record.id, email=record.email, role=Role(record.role))


def create_staff_user(session: Session, email: str, password: str, role: str | Role) -> StaffUser:
    """Create an active staff account and return it (flushed, not committed).

    ``email`` is stored trimmed and lower-case; ``password`` only as an argon2id hash.
    Raises ``Invalid`` (422) ``invalid_email`` / ``weak_password`` (8..1024 characters) /
    ``invalid_role`` (not admin|reviewer), and ``Conflict`` (409) ``staff_user_exists``.
    """
    address = check_new_email(email)
    checked_role = check_role(str(role))
    check_new_password(password)
    if repository.get_user_by_email(session, address) is not None:
        raise Conflict("staff_user_exists", f"A staff user {address} already exists.")
    record = repository.add_user(
        session,
        StaffUserRecord(
            email=address,
            password_hash=hash_password(password),
            role=checked_role.value,
            created_at=_now(),
            active=True,
        ),
    )
    return _user(record)


def ensure_staff_user(
    session: Session, email: str, password: str, role: str | Role
) -> tuple[StaffUser, bool]:
    """Make sure an active account ``email`` exists with ``role`` and ``password`` (idempotent:
    the demo seed). Returns the user and whether anything changed. A changed password signs
    the user's open sessions out. Raises as :func:`create_staff_user`."""
    record = repository.get_user_by_email(session, normalise_email(email))
    if record is None:
        return create_staff_user(session, email, password, role), True
    checked_role = check_role(str(role))
    check_new_password(password)
    changed = False
    if not verify_password(record.password_hash, password):
        record.password_hash = hash_password(password)
        repository.delete_user_sessions(session, record.id)
        changed = True
    if record.role != checked_role.value or not record.active:
        record.role, record.active, changed = checked_role.value, True, True
    session.flush()
    return _user(record), changed


def log_in(session: Session, email: str, password: str, hours: float) -> OpenedSession:
    """Check the credentials and open a session lasting ``hours``.

    Ends the session's read transaction before writing (rolls back; nothing is written before).
    Raises ``Unauthorized("invalid_credentials")`` (401) alike for an unknown email, a wrong
    password and a disabled account; an unknown email costs a hash check too, so timing does
    not tell them apart. Expired sessions of the user are cleared on the way.
    """
    record = repository.get_user_by_email(session, normalise_email(email))
    if record is None:
        verify_password(dummy_hash(), password)
        raise invalid_credentials()
    if not verify_password(record.password_hash, password) or not record.active:
        raise invalid_credentials()
    user_id, user = record.id, _user(record)
    rehashed = hash_password(password) if needs_rehash(record.password_hash) else None
    # The writes start a fresh transaction: the read one above spans the slow hash check, and on
    # SQLite a transaction that read before another connection committed (the projector, an
    # order) cannot write any more ("database is locked"). Nothing was written yet.
    session.rollback()
    now = _now()
    repository.delete_expired_sessions(session, user_id, now)
    if rehashed is not None:
        repository.set_password_hash(session, user_id, rehashed)
    token = new_session_token()
    expires_at = session_expiry(now, hours)
    repository.add_session(
        session,
        StaffSessionRecord(
            token_hash=token_digest(token),
            user_id=user_id,
            created_at=now,
            expires_at=expires_at,
            last_seen_at=now,
        ),
    )
    return OpenedSession(token=token, expires_at=expires_at, user=user)


def user_for_token(session: Session, token: str, now: datetime | None = None) -> StaffUser | None:
    """The staff user of a live session token, or None (unknown, expired, user disabled).
    Refreshes ``last_seen_at`` at most every 5 minutes (flushed; the caller commits)."""
    now = now or _now()
    digest = token_digest(token)
    found = repository.get_live_session_user(session, digest, now)
    if found is None:
        return None
    record, user = found
    if not is_live(repository.utc(record.expires_at), now):
        return None
    if needs_last_seen_update(repository.utc(record.last_seen_at), now):
        repository.touch_session(session, digest, now)
    return _user(user)


def log_out(session: Session, token: str) -> bool:
    """End the session of ``token``; whether there was one."""
    return repository.delete_session(session, token_digest(token))
