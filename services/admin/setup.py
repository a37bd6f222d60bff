"""Mounting the admin UI (sqladmin) at ``/admin`` on the shop's FastAPI app.

Sessions: sqladmin gets a session factory of its own, bound to the shop's engine
(``services.shared.db.get_engine``). Not the shared ``get_sessionmaker()`` object, because
sqladmin reconfigures the factory it is given (``autoflush=False``), which must not change the
rest of the app. Its sessions are ordinary ``sqlalchemy.orm.Session`` objects, so the catalogue
revision hook (``services/catalog/revision.py``, ``before_flush`` on every Session) bumps the
revision on every catalogue or content write made here, and the storefront's cached reads
change with it.

CSRF (docs/operations.md, Security; ``services/staff/csrf.py``): every POST and DELETE under
``/admin`` with a staff session must come from the shop's own origin and carry the staff CSRF
token. The templates in ``services/admin/templates`` extend sqladmin's own (its
``sqladmin_original/`` prefix) to put the token in the create and edit forms as their first
field and in a ``<meta name="csrf-token">`` that ``static/csrf.js`` sends as ``X-CSRFToken``
with sqladmin's JavaScript requests (delete, CSV import). No sqladmin login, secret key or
session cookie of its own.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from markupsafe import Markup
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
from services.staff.csrf import CSRF_FIELD, issue_token

ADMIN_PATH = "/admin"
ADMIN_TITLE = "HALVARD admin"
HERE = Path(__file__).resolve().parent
TEMPLATES_DIR = HERE / "templates"
CSRF_JS = HERE / "static" / "csrf.js"
_FORM_OPENING_END = 'enctype="multipart/form-data">'


def csrf_token(request: Request) -> str:
    """Template global: the request's staff CSRF token (its cookie goes out with the page)."""
    return issue_token(request.scope) or ""


def with_csrf_field(form_html: str, request: Request) -> Markup:
    """Template global: sqladmin's rendered form block with a hidden ``csrftoken`` input as the
    first field of its form (right after the ``<form ... enctype="multipart/form-data">``
    opening tag). The block is sqladmin's own, already escaped HTML."""
    field = Markup('<input type="hidden" name="{}" value="{}">').format(CSRF_FIELD, csrf_token(request))
    html = str(form_html)
    at = html.find(_FORM_OPENING_END)
    if at < 0:  # a sqladmin upgrade changed the form: fail loudly rather than post without token
        raise RuntimeError("sqladmin form opening tag not found; update services/admin/setup.py")
    at += len(_FORM_OPENING_END)
    return Markup(html[:at]) + field + Markup(html[at:])


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

    async def admin_csrf_js() -> FileResponse:
        return FileResponse(CSRF_JS, media_type="text/javascript", headers={"Cache-Control": "no-cache"})

    # Before the mount, which would otherwise answer this path.
    app.add_api_route(
        f"{ADMIN_PATH}/csrf.js", admin_csrf_js, methods=["GET"], include_in_schema=False, name="admin_csrf_js"
    )
    admin = StaffAdmin(
        app,
        session_maker=admin_sessionmaker(),
        base_url=ADMIN_PATH,
        title=ADMIN_TITLE,
        templates_dir=str(TEMPLATES_DIR),
        authentication_backend=StaffAuthentication(),
        authorization_backend=StaffAuthorization(admin_only=ORDER_VIEW_IDENTITIES),
        audit_backend=StaffAuditLog(),
    )
    admin.templates.env.globals["csrf_token"] = csrf_token
    admin.templates.env.globals["with_csrf_field"] = with_csrf_field
    for view in ALL_VIEWS:
        admin.add_view(view)

    async def admin_root() -> RedirectResponse:
        return RedirectResponse(f"{ADMIN_PATH}/", status_code=307)

    # The mount answers /admin/...; bare /admin would otherwise fall to the storefront.
    app.add_api_route(ADMIN_PATH, admin_root, methods=["GET"], include_in_schema=False)
    return admin
