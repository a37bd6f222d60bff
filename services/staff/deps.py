"""FastAPI dependencies for staff-only and staff-aware endpoints (docs/spec.md section 6).

Use:
    ``user: StaffDep``                                  any signed-in staff user, else 401
    ``user: Annotated[StaffUser, Depends(require_role("admin"))]``            admin only
    ``dependencies=[Depends(require_role("admin", "reviewer"))]``             either role
    ``AdminDep`` / ``StaffReaderDep``                   aliases of the two above
    ``SupportDep``                                      admin or support (the support console)
    ``AnalystDep``                                      admin or analyst (the analytics dashboard)
    ``staff: OptionalStaffDep`` or ``optional_staff(request)``  StaffUser or None, never an error

Errors: no valid session -> 401 ``{"code": "staff_login_required", ...}``; a session with
another role -> 403 ``{"code": "staff_role_forbidden", ...}``. The session is the HttpOnly
cookie ``staff_session`` set by ``POST /api/staff/login``. Each dependency looks the session up
with a short database session of its own (closed before the endpoint runs), once per request.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated

from fastapi import Depends, Request

from services.shared.db import get_sessionmaker
from services.staff.domain import (
    SUPPORT_ROLES,
    Role,
    StaffUser,
    check_role,
    has_role,
    login_required,
    role_forbidden,
)
from services.staff.service import user_for_token

SESSION_COOKIE = "staff_session"
HINT_COOKIE = "staff_hint"
"""docs/spec.md section 6: a readable, non-secret ``staff_hint=1`` cookie living as long as the
session, so the storefront asks ``/is-admin`` and ``/is-reviewer`` only when a staff session may
exist. It grants nothing: every staff call still checks ``staff_session`` on the server."""
_STATE_KEY = "staff_user"
_MISSING = object()


def optional_staff(request: Request) -> StaffUser | None:
    """The staff user of the request's ``staff_session`` cookie, or None (no cookie, unknown or
    expired session, disabled account). Never raises for a missing or bad session. Blocking
    (one indexed read, a write at most every 5 minutes): FastAPI runs it in its threadpool when
    used as a dependency; call it directly only from sync code. Cached on ``request.state``."""
    cached = getattr(request.state, _STATE_KEY, _MISSING)
    if cached is None or isinstance(cached, StaffUser):  # cached: None is "no staff user"
        return cached
    token = request.cookies.get(SESSION_COOKIE)
    user: StaffUser | None = None
    if token and len(token) <= 256:
        with get_sessionmaker()() as session:
            user = user_for_token(session, token)
            session.commit()
    setattr(request.state, _STATE_KEY, user)
    return user


OptionalStaffDep = Annotated[StaffUser | None, Depends(optional_staff)]


async def current_staff(user: OptionalStaffDep) -> StaffUser:
    """Any signed-in staff user; raises ``Unauthorized("staff_login_required")`` (401) otherwise."""
    if user is None:
        raise login_required()
    return user


StaffDep = Annotated[StaffUser, Depends(current_staff)]


def require_role(*roles: str | Role) -> Callable[[StaffUser], Awaitable[StaffUser]]:
    """A dependency allowing only staff with one of ``roles`` (``"admin"``, ``"reviewer"``,
    ``"support"``, ``"analyst"``).

    Returns the dependency callable (wrap it in ``Depends``); it yields the :class:`StaffUser`,
    raises 401 ``staff_login_required`` without a session and 403 ``staff_role_forbidden`` for
    another role. Raises ``Invalid`` at import time for an unknown role name or no roles.
    """
    allowed = tuple(check_role(str(r)) for r in roles)
    if not allowed:
        raise ValueError("require_role needs at least one role")

    async def dependency(user: StaffDep) -> StaffUser:
        if not has_role(user, allowed):
            raise role_forbidden(allowed)
        return user

    dependency.__name__ = f"require_role_{'_or_'.join(r.value for r in allowed)}"
    dependency.__doc__ = f"Staff with role {' or '.join(r.value for r in allowed)} (401/403 otherwise)."
    return dependency


AdminDep = Annotated[StaffUser, Depends(require_role(Role.ADMIN))]
StaffReaderDep = Annotated[StaffUser, Depends(require_role(Role.ADMIN, Role.REVIEWER))]
SupportDep = Annotated[StaffUser, Depends(require_role(*SUPPORT_ROLES))]
"""The support console's users (docs/spec.md section 2.14): admin or support; 401 without a
staff session, 403 ``staff_role_forbidden`` for a reviewer or an analyst."""
AnalystDep = Annotated[StaffUser, Depends(require_role(Role.ADMIN, Role.ANALYST))]
"""The analytics dashboard's users (docs/spec.md section 2.15): admin or analyst; 401 without a
staff session, 403 ``staff_role_forbidden`` for a reviewer or support."""

__all__ = [
    "AdminDep",
    "AnalystDep",
    "OptionalStaffDep",
    "HINT_COOKIE",
    "SESSION_COOKIE",
    "StaffDep",
    "StaffReaderDep",
    "SupportDep",
    "StaffUser",
    "current_staff",
    "optional_staff",
    "require_role",
]
