"""Who may use the admin UI, and what they may do there (docs/spec.md section 6).

Authentication is the shop's own staff session (``services/staff``): the ``staff_session``
cookie set by ``POST /api/staff/login``. sqladmin's own login form and its signed-cookie
session middleware are not used, so there is one session, one login page (``/staff/login``)
and one logout (``GET /logout``) for the storefront banner and the admin alike.

Authorization (:class:`StaffAuthorization`):

- ``admin``: every action (list, details, create, edit, delete, export) on every view, except
  what a view switches off itself (order rows are never edited by hand; admins move orders on
  with the order page's workflow actions, docs/spec.md section 4.1).
- ``reviewer``: read-only: list and details of the catalogue, content and coupon views;
  nothing of orders or customers (personal data); no create, edit, delete or export.
- ``support`` and ``analyst``: no admin UI at all (403 page); support works in the support
  console (``/api/support``, docs/spec.md section 2.14), the analyst role grants nothing here.
- no session: every admin page redirects (302) to ``/staff/login?next=<the admin path>``.
"""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import quote

from fastapi.concurrency import run_in_threadpool
from sqladmin.audit import AuditBackend, AuditEntry
from sqladmin.authentication import AuthenticationBackend
from sqladmin.authorization import Action, AuthorizationBackend
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response

from services.staff.deps import optional_staff
from services.staff.domain import ADMIN_UI_ROLES, Role, StaffUser, has_role

LOGIN_PATH = "/staff/login"
LOGOUT_PATH = "/logout"
READ_ACTIONS = frozenset({Action.LIST.value, Action.DETAILS.value})
_STATE_KEY = "admin_staff_user"

log = logging.getLogger("services.admin.audit")


def login_redirect(request: Request) -> RedirectResponse:
    """302 to the storefront's staff login page, coming back to this admin path afterwards."""
    target = request.url.path
    if request.url.query:
        target += "?" + request.url.query
    return RedirectResponse(f"{LOGIN_PATH}?next={quote(target, safe='/')}", status_code=302)


def staff_of(request: Request) -> StaffUser | None:
    """The staff user :class:`StaffAuthentication` found for this request (None before it ran)."""
    staff = getattr(request.state, _STATE_KEY, None)
    return staff if isinstance(staff, StaffUser) else None


class StaffAuthentication(AuthenticationBackend):
    """sqladmin authentication backed by the ``staff_session`` cookie (any staff role).

    No middleware of its own (``middlewares`` is empty: no sqladmin session cookie, no secret
    key). ``authenticate`` answers True for a valid session, else a redirect to the login page.
    """

    def __init__(self) -> None:  # noqa: D107 - deliberately skips the base SessionMiddleware
        self.middlewares = []

    async def authenticate(self, request: Request) -> Response | bool:
        """True for a signed-in admin or reviewer; a 302 to ``/staff/login?next=...`` without a
        session; a plain 403 page for the other roles (support, analyst), who have no admin UI.
        The session lookup is a blocking read, so it runs in the threadpool."""
        staff = await run_in_threadpool(optional_staff, request)
        if staff is None:
            return login_redirect(request)
        if not has_role(staff, ADMIN_UI_ROLES):
            return PlainTextResponse(
                f"The {staff.role.value} role has no access to the admin.",
                status_code=403,
                headers={"Cache-Control": "no-store"},
            )
        setattr(request.state, _STATE_KEY, staff)
        return True

    async def get_user_id(self, request: Request) -> Any:
        """The staff user's email (what the audit log records)."""
        staff = staff_of(request)
        return staff.email if staff else None

    async def login(self, request: Request) -> Response | bool:
        """Never used: ``/admin/login`` redirects to the storefront login (``StaffAdmin.login``)."""
        return login_redirect(request)

    async def logout(self, request: Request) -> Response | bool:
        """Never used: ``/admin/logout`` redirects to ``GET /logout`` (``StaffAdmin.logout``)."""
        return RedirectResponse(LOGOUT_PATH, status_code=302)


class StaffAuthorization(AuthorizationBackend):
    """Admins may do everything; reviewers may only list and read, and never see the views in
    ``admin_only`` (orders and their customers); other roles (support, analyst) nothing. Cheap:
    reads the staff user the authentication step already put on ``request.state``."""

    def __init__(self, admin_only: frozenset[str] = frozenset()) -> None:
        self.admin_only = admin_only

    def has_permission(self, request: Request, identity: str, action: str, obj: Any | None = None) -> bool:
        """See the class docstring. No staff user on the request: nothing is allowed."""
        staff = staff_of(request)
        if staff is None:
            return False
        if staff.role is Role.ADMIN:
            return True
        if staff.role is not Role.REVIEWER:
            return False
        return identity not in self.admin_only and str(action) in READ_ACTIONS


class StaffAuditLog(AuditBackend):
    """Logs every admin change (who, what, which row, which fields) to ``services.admin.audit``.
    Field values are not logged (coupons and orders may hold email addresses)."""

    async def log(self, entry: AuditEntry, request: Request) -> None:
        """One INFO line per create, update or delete."""
        staff = staff_of(request)
        log.info(
            "admin %s %s pk=%s by=%s fields=%s",
            entry.action,
            entry.identity,
            entry.pk,
            staff.email if staff else None,
            sorted(entry.changes or {}),
        )
