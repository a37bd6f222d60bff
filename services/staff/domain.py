"""Staff domain: roles, the signed-in staff user, credential and session rules, errors.

No HTTP and no SQL here (docs/spec.md section 6: admin and reviewer sessions exist and are detected
by ``GET /is-admin`` / ``GET /is-reviewer``). Session tokens are opaque random strings handed
to the browser once; only their SHA-256 digest is stored, so a leaked table grants nothing.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from services.shared.errors import DomainError, Invalid, Unauthorized

MIN_PASSWORD_LENGTH = 8
MAX_PASSWORD_LENGTH = 1024
MAX_EMAIL_LENGTH = 254
TOKEN_BYTES = 32
LAST_SEEN_RESOLUTION = timedelta(minutes=5)


class Role(StrEnum):
    """Staff roles (docs/spec.md sections 6 and 2.14).

    ``admin`` does everything; ``reviewer`` reads the catalogue in the admin UI and previews
    drafts; ``support`` uses the support console (``/api/support``) and reads orders;
    ``analyst`` is for the analytics work to come and grants nothing but a staff session today.
    """

    ADMIN = "admin"
    REVIEWER = "reviewer"
    SUPPORT = "support"
    ANALYST = "analyst"


ADMIN_UI_ROLES: tuple[Role, ...] = (Role.ADMIN, Role.REVIEWER)
"""Who may enter the sqladmin UI at ``/admin`` (docs/spec.md section 6)."""

DRAFT_PREVIEW_ROLES: tuple[Role, ...] = (Role.ADMIN, Role.REVIEWER)
"""Who sees draft and pending products in the catalogue read API (docs/spec.md section 6)."""

ORDER_READER_ROLES: tuple[Role, ...] = (Role.ADMIN, Role.REVIEWER, Role.SUPPORT)
"""Who may read any order through ``GET /api/wc/orders/{id}`` without its key."""

ORDER_MANAGER_ROLES: tuple[Role, ...] = (Role.ADMIN,)
"""Who may manage orders: mark paid, shipped, cancel, refund, resend mails (``/api/staff/orders``
and the admin's order page; docs/spec.md section 4.1)."""

SUPPORT_ROLES: tuple[Role, ...] = (Role.ADMIN, Role.SUPPORT)
"""Who may use the support console (docs/spec.md section 2.14)."""


@dataclass(frozen=True, slots=True)
class StaffUser:
    """A signed-in (or just created) staff user: database id, lower-case email and role."""

    id: int
    email: str
    role: Role


class Forbidden(DomainError):
    """Signed in, but the role may not do this: 403."""

    status_code = 403


def invalid_credentials() -> Unauthorized:
    """The one answer for an unknown email, a wrong password or a disabled account (401)."""
    return Unauthorized("invalid_credentials", "The email address or password is incorrect.")


def login_required() -> Unauthorized:
    """No valid staff session on the request (401 ``staff_login_required``)."""
    return Unauthorized("staff_login_required", "Sign in as staff to do this.")


def role_forbidden(allowed: tuple[Role, ...]) -> Forbidden:
    """Signed in with a role not in ``allowed`` (403 ``staff_role_forbidden``)."""
    names = " or ".join(r.value for r in allowed)
    return Forbidden("staff_role_forbidden", f"This needs a staff session with the role {names}.")


def normalise_email(email: str) -> str:
    """Trimmed, lower-case email (staff emails are unique case-insensitively)."""
    return email.strip().lower()


def check_new_email(email: str) -> str:
    """The normalised email of a new staff user. Raises ``Invalid("invalid_email")`` when it is
    not shaped like ``local@domain.tld`` or longer than 254 characters."""
    value = normalise_email(email)
    local, at, domain = value.rpartition("@")
    if (
        not at
        or not local
        or "." not in domain.strip(".")
        or any(c.isspace() for c in value)
        or len(value) > MAX_EMAIL_LENGTH
    ):
        raise Invalid("invalid_email", f"{email!r} is not a valid email address.")
    return value


def check_role(role: str) -> Role:
    """``role`` as a :class:`Role`. Raises ``Invalid("invalid_role")`` for anything else."""
    try:
        return Role(role)
    except ValueError:
        names = ", ".join(f"'{r.value}'" for r in Role)
        raise Invalid("invalid_role", f"Role must be one of {names}, not {role!r}.") from None


def check_new_password(password: str) -> str:
    """``password`` if it is 8 to 1024 characters long, else ``Invalid("weak_password")``."""
    if not MIN_PASSWORD_LENGTH <= len(password) <= MAX_PASSWORD_LENGTH:
        raise Invalid(
            "weak_password",
            f"A staff password needs {MIN_PASSWORD_LENGTH} to {MAX_PASSWORD_LENGTH} characters.",
        )
    return password


def new_session_token() -> str:
    """A fresh opaque session token (256 random bits, URL-safe text) for the cookie."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_digest(token: str) -> str:
    """What is stored for a token: its SHA-256 hex digest (64 characters)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def session_expiry(now: datetime, hours: float) -> datetime:
    """When a session opened at ``now`` expires (``STAFF_SESSION_HOURS`` later)."""
    return now + timedelta(hours=hours)


def is_live(expires_at: datetime, now: datetime) -> bool:
    """A session is usable strictly before its expiry."""
    return now < expires_at


def needs_last_seen_update(last_seen_at: datetime, now: datetime) -> bool:
    """``last_seen_at`` is refreshed at most every 5 minutes (not a write per request)."""
    return now - last_seen_at >= LAST_SEEN_RESOLUTION


def has_role(user: StaffUser, allowed: tuple[Role, ...]) -> bool:
    """Whether ``user``'s role is one of ``allowed``."""
    return user.role in allowed
