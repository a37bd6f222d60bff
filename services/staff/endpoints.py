"""Staff sessions over HTTP (docs/spec.md section 6).

    POST /api/staff/login   {email, password} -> 200 {email, role} + cookie ``staff_session``;
                            401 invalid_credentials; 429 rate_limited; 422 invalid_request
    GET  /api/staff/me      -> 200 {email, role}; 401 staff_login_required
    GET  /is-admin          -> 200 {email, role} for an admin; 401 without session; 403 otherwise
    GET  /is-reviewer       -> 200 {email, role} for a reviewer; 401 without session; 403 otherwise
    GET  /logout            -> ends the session, clears the cookie, 302 to ``/``

The cookie is HttpOnly, SameSite=Lax, Path=/, Secure when ``COOKIE_SECURE=1``, and lives
``STAFF_SESSION_HOURS`` (default 12). Beside it the login sets the readable hint ``staff_hint=1``
(same lifetime and attributes, not HttpOnly; it grants nothing) so the storefront asks
``/is-admin`` and ``/is-reviewer`` only when a staff session may exist (docs/spec.md section 6);
``/logout`` and every 401 of ``/api/staff/me``, ``/is-admin`` and ``/is-reviewer`` clear it. Every answer is ``Cache-Control: no-store``. The login,
``/api/staff/me``, ``/is-admin`` and ``/is-reviewer`` answers also set the ``csrftoken`` cookie
the staff's state-changing requests echo in ``X-CSRFToken`` (``services/staff/csrf.py``).
"""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, RedirectResponse, Response

from services.shared.db import get_sessionmaker
from services.shared.ratelimit import client_key, email_key, get_limit
from services.shared.routing import NO_STORE, DbRouter
from services.shared.settings import get_settings
from services.staff.csrf import issue_token
from services.staff.deps import HINT_COOKIE, SESSION_COOKIE, OptionalStaffDep
from services.staff.domain import Role, StaffUser, has_role, login_required, role_forbidden
from services.staff.schemas import LoginRequest, StaffOut
from services.staff.service import OpenedSession, log_in, log_out

router = DbRouter(tags=["Staff"])

_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"description": "`staff_login_required` (or `invalid_credentials` at login)"},
    403: {"description": "`staff_role_forbidden`: signed in with another role"},
}


def _me(user: StaffUser, request: Request) -> JSONResponse:
    issue_token(request.scope)  # the csrftoken cookie for the staff's next unsafe request
    return JSONResponse(StaffOut(email=user.email, role=user.role.value).model_dump(), headers=NO_STORE)


def _set_hint(response: Response, max_age: int) -> None:
    response.set_cookie(
        HINT_COOKIE,
        "1",
        max_age=max_age,
        path="/",
        secure=get_settings().cookie_secure,
        httponly=False,  # the storefront reads it: it is a hint, never a credential
        samesite="lax",
    )


def _clear_hint(response: Response) -> None:
    response.delete_cookie(
        HINT_COOKIE, path="/", secure=get_settings().cookie_secure, httponly=False, samesite="lax"
    )


def _role_answer(user: StaffUser | None, request: Request, *roles: Role) -> JSONResponse:
    """``{email, role}`` when ``user`` has one of ``roles``; 403 ``staff_role_forbidden`` for
    another role; 401 ``staff_login_required`` without a live session, clearing a left-over
    ``staff_hint`` (the session ended or expired) so the storefront stops asking."""
    if user is None:
        error = login_required()
        response = JSONResponse(error.to_dict(), status_code=error.status_code, headers=NO_STORE)
        if HINT_COOKIE in request.cookies:
            _clear_hint(response)
        return response
    if roles and not has_role(user, roles):
        raise role_forbidden(roles)
    return _me(user, request)


def _open(body: LoginRequest, hours: float) -> OpenedSession:
    with get_sessionmaker()() as session:
        opened = log_in(session, body.email, body.password, hours)
        session.commit()
        return opened


def _close(token: str) -> None:
    with get_sessionmaker()() as session:
        log_out(session, token)
        session.commit()


@router.post(
    "/api/staff/login",
    responses={
        200: {"model": StaffOut},
        401: _ERRORS[401],
        429: {"description": "`rate_limited` with `retry_after` and `Retry-After`"},
    },
)
async def login(body: LoginRequest, request: Request) -> JSONResponse:
    """Sign a staff user in: checks ``email``/``password`` and sets the ``staff_session`` cookie.

    Returns 200 ``{email, role}``. Errors: 401 ``invalid_credentials`` (unknown email, wrong
    password and disabled account alike), 429 ``rate_limited`` with ``retry_after`` seconds
    (every attempt counts: ``RATE_LIMIT_STAFF_LOGIN_PER_EMAIL``, 10 a minute per client and
    email, and ``RATE_LIMIT_STAFF_LOGIN_PER_CLIENT``, 50 a minute per client; docs/operations.md,
    Security),
    422 ``invalid_request`` for a malformed body. A session cookie already on the request is
    ended once the new one is open.
    """
    client = client_key(request)
    per_email, per_client = get_limit("staff_login"), get_limit("staff_login_client")
    per_email.check(client, email_key(body.email))
    per_client.check(client)
    per_email.hit(client, email_key(body.email))
    per_client.hit(client)
    settings = get_settings()
    opened = await run_in_threadpool(_open, body, settings.staff_session_hours)
    old = request.cookies.get(SESSION_COOKIE)
    if old and len(old) <= 256:
        await run_in_threadpool(_close, old)
    response = _me(opened.user, request)
    response.set_cookie(
        SESSION_COOKIE,
        opened.token,
        max_age=int(settings.staff_session_hours * 3600),
        path="/",
        secure=settings.cookie_secure,
        httponly=True,
        samesite="lax",
    )
    _set_hint(response, int(settings.staff_session_hours * 3600))
    return response


@router.get("/api/staff/me", responses={200: {"model": StaffOut}, 401: _ERRORS[401]})
async def me(user: OptionalStaffDep, request: Request) -> JSONResponse:
    """The signed-in staff user: 200 ``{email, role}``; 401 ``staff_login_required`` (clearing a
    left-over ``staff_hint`` cookie)."""
    return _role_answer(user, request)


@router.get("/is-admin", responses={200: {"model": StaffOut}, **_ERRORS})
async def is_admin(user: OptionalStaffDep, request: Request) -> JSONResponse:
    """docs/spec.md section 6: success means the visitor browses as an admin. 200 ``{email, role}``;
    401 ``staff_login_required`` without a session (clearing a left-over ``staff_hint`` cookie);
    403 ``staff_role_forbidden`` for another role."""
    return _role_answer(user, request, Role.ADMIN)


@router.get("/is-reviewer", responses={200: {"model": StaffOut}, **_ERRORS})
async def is_reviewer(user: OptionalStaffDep, request: Request) -> JSONResponse:
    """docs/spec.md section 6: success means the visitor browses as a reviewer. 200 ``{email, role}``;
    401 ``staff_login_required`` without a session (clearing a left-over ``staff_hint`` cookie);
    403 ``staff_role_forbidden`` for another role."""
    return _role_answer(user, request, Role.REVIEWER)


@router.get("/logout", status_code=302, response_class=RedirectResponse)
async def logout(request: Request) -> Response:
    """docs/spec.md section 6: a GET that ends the staff session (if any), clears the ``staff_session``
    and ``staff_hint`` cookies and redirects (302) to ``/``. Without a session it just redirects."""
    token = request.cookies.get(SESSION_COOKIE)
    if token and len(token) <= 256:
        await run_in_threadpool(_close, token)
    response = RedirectResponse("/", status_code=302, headers=NO_STORE)
    response.delete_cookie(
        SESSION_COOKIE, path="/", secure=get_settings().cookie_secure, httponly=True, samesite="lax"
    )
    _clear_hint(response)
    return response
