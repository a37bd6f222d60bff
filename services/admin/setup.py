"""Mounting the admin UI (sqladmin) at ``/admin`` on the shop's FastAPI app.

Sessions: sqladmin gets a session factory of its own, bound to the shop's engine
(``services.shared.db.get_engine``). Not the shared ``get_sessionmaker()`` object, because
sqladmin reconfigures the factory it is given (``autoflush=False``), which must not change the
rest of the app. Its sessions are ordinary ``sqlalchemy.orm.Session`` objects, so the catalogue
revision hook (``services/catalog/revision.py``, ``before_flush`` on every Session) bumps the
revision on every catalogue or content write made here, and the storefront's cached reads
change with it.

CSRF: admin forms post to the same origin; the ``staff_session`` cookie is ``SameSite=Lax``, so
a browser never sends it with a cross-site POST (or sqladmin's DELETE requests), and a forged
form from another site reaches the admin without a session and is redirected to the login.
Cross-site GETs carry the cookie but only read. No sqladmin login, secret key or session
cookie of its own.
"""

from __future__ import annotations

from fastapi import FastAPI
from sqladmin import Admin
from sqlalchemy.orm import Session, sessionmaker
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from services.admin.auth import (
    LOGOUT_PATH,
    StaffAuditLog,
    StaffAuthentication,
    StaffAuthorization,
    login_redirect,
)
from services.admin.views import ALL_VIEWS, ORDER_VIEW_IDENTITIES
from services.shared.db import get_engine

ADMIN_PATH = "/admin"
ADMIN_TITLE = "HALVARD admin"


class StaffAdmin(Admin):
    """sqladmin's ``Admin`` whose login and logout pages are the storefront's."""

    async def login(self, request: Request) -> Response:
        """``/admin/login`` (GET or POST) -> 302 to ``/staff/login?next=/admin/``."""
        return login_redirect(request)

    async def logout(self, request: Request) -> Response:
        """``/admin/logout`` -> 302 to ``GET /logout`` (ends the staff session, then ``/``)."""
        return RedirectResponse(LOGOUT_PATH, status_code=302)


def admin_sessionmaker() -> sessionmaker[Session]:
    """A session factory on the shop's engine, for sqladmin alone (see the module docstring)."""
    return sessionmaker(bind=get_engine(), class_=Session, expire_on_commit=False)


def mount_admin(app: FastAPI) -> StaffAdmin:
    """Mount the admin at ``/admin`` with every view of ``services/admin/views``. Call it before
    the storefront's catch-all GET route, which would otherwise answer ``/admin`` paths."""
    admin = StaffAdmin(
        app,
        session_maker=admin_sessionmaker(),
        base_url=ADMIN_PATH,
        title=ADMIN_TITLE,
        authentication_backend=StaffAuthentication(),
        authorization_backend=StaffAuthorization(admin_only=ORDER_VIEW_IDENTITIES),
        audit_backend=StaffAuditLog(),
    )
    for view in ALL_VIEWS:
        admin.add_view(view)

    async def admin_root() -> RedirectResponse:
        return RedirectResponse(f"{ADMIN_PATH}/", status_code=307)

    # The mount answers /admin/...; bare /admin would otherwise fall to the storefront.
    app.add_api_route(ADMIN_PATH, admin_root, methods=["GET"], include_in_schema=False)
    return admin
