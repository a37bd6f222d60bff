"""CSRF protection of the staff's state-changing requests (docs/operations.md, Security).

Which requests: an unsafe method (POST, PUT, PATCH, DELETE) on a staff path (the admin UI
``/admin...``, the coupon API ``/api/wc/coupons...``, ``/api/staff/...``, ``/logout``) that
carries the ``staff_session`` cookie. Requests without that cookie have no staff authority to
abuse (they get 401 or the login redirect); the shopper APIs (cart, checkout, contact,
newsletter, analytics) are never checked.

Two checks, both must pass, else 403 ``{"code": "csrf_failed", "message"}``:

1. **Origin** (:func:`same_origin`): the ``Origin`` header, or without it the ``Referer``,
   must be the shop's own origin (``scheme://host`` of the request, as uvicorn resolved it:
   behind an HTTPS proxy that needs ``TRUST_PROXY_HEADERS``). Neither header: refused.
2. **Token**, by the ``asgi-csrf`` library (double-submit, signed): the ``csrftoken`` cookie
   (signed with ``CSRF_SECRET``, not HttpOnly, ``SameSite=Lax``) must equal the
   ``X-CSRFToken`` header (the webapp's and the admin JavaScript's calls) or the ``csrftoken``
   field of a form body (sqladmin's forms). The cookie is issued by
   any handler that calls ``request.scope["csrftoken"]()``: the login answer, ``/api/staff/me``,
   ``/is-admin``, ``/is-reviewer`` and every admin page that renders a form.

asgi-csrf 0.11 reads the token of a url-encoded form itself, but its multipart reader calls a
``python-multipart`` API that the pinned 0.0.34 no longer has; so for a multipart form without
the header, :class:`StaffCsrf` reads the body (already bounded by the body limit, outermost),
takes the ``csrftoken`` field with Starlette's form parser, hands it to asgi-csrf as the
header and replays the body to the app unchanged.

``POST /api/staff/login`` is checked for its Origin only (no token yet before the first
login), with or without a session cookie: a foreign ``Origin``/``Referer`` is refused. ``GET /logout`` must be a GET by the spec (section 6: a plain link), so it carries no
token; a request that the browser marks cross-site (``Sec-Fetch-Site: cross-site`` or
``same-site``, or a foreign ``Origin``/``Referer``) is refused instead of ending the session.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from urllib.parse import urlsplit

from asgi_csrf import DEFAULT_SIGNING_NAMESPACE, asgi_csrf, cookies_from_scope
from itsdangerous import BadSignature
from itsdangerous.url_safe import URLSafeSerializer
from starlette.requests import Request

from services.shared.asgi import ASGIApp, Message, Receive, Scope, Send, send_json_error
from services.staff.deps import SESSION_COOKIE

CSRF_COOKIE = "csrftoken"
CSRF_HEADER = "x-csrftoken"
CSRF_FIELD = "csrftoken"
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
STAFF_PREFIXES = ("/admin", "/api/wc/coupons", "/api/staff/", "/logout")
# Paths whose handlers hand out the token (besides the staff paths): the role checks.
TOKEN_ISSUING_PATHS = ("/is-admin", "/is-reviewer")
LOGIN_PATH = "/api/staff/login"
LOGOUT_PATH = "/logout"
SECRET_FILE = "csrf-secret"


def is_staff_path(path: str) -> bool:
    """Whether ``path`` is one of the staff paths of the module docstring."""
    return any(path == p.rstrip("/") or path.startswith(p.rstrip("/") + "/") for p in STAFF_PREFIXES)


def _headers(scope: Scope) -> dict[bytes, bytes]:
    return {name.lower(): value for name, value in scope.get("headers", ())}


def _has_staff_cookie(headers: dict[bytes, bytes]) -> bool:
    cookie = headers.get(b"cookie", b"").decode("latin-1")
    return any(part.strip().startswith(SESSION_COOKIE + "=") for part in cookie.split(";"))


def own_origin(scope: Scope) -> str:
    """``scheme://host[:port]`` of the request as the server sees it (``Host`` header)."""
    host = _headers(scope).get(b"host", b"").decode("latin-1").strip().lower()
    return f"{scope.get('scheme', 'http')}://{host}"


def _origin_of(url: str) -> str | None:
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return None
    if not parts.scheme or not parts.netloc:
        return None
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


def same_origin(scope: Scope) -> bool:
    """True when the request's ``Origin`` (or, without one, its ``Referer``) is the shop's own
    origin (:func:`own_origin`). False for a foreign or ``null`` origin and when neither
    header is present."""
    headers = _headers(scope)
    origin = headers.get(b"origin")
    source = origin if origin is not None else headers.get(b"referer")
    if source is None:
        return False
    return _origin_of(source.decode("latin-1")) == own_origin(scope)


def cross_site_navigation(scope: Scope) -> bool:
    """For a GET: True when the browser says it came from elsewhere (``Sec-Fetch-Site`` is
    ``cross-site`` or ``same-site``, or an ``Origin``/``Referer`` of another origin)."""
    headers = _headers(scope)
    site = headers.get(b"sec-fetch-site", b"").decode("latin-1").lower()
    if site in ("cross-site", "same-site"):
        return True
    for name in (b"origin", b"referer"):
        value = headers.get(name)
        if value is not None and _origin_of(value.decode("latin-1")) != own_origin(scope):
            return True
    return False


def load_secret(configured: str, data_dir: Path, file_name: str = SECRET_FILE) -> str:
    """The key that signs CSRF cookies: ``configured`` (``CSRF_SECRET``) when set, else the
    random key in ``data_dir/csrf-secret``, created (mode 0600) on first use, so every worker
    of one machine signs alike and a restart keeps staff tokens valid. Another ``file_name``
    keeps another key the same way (the order links' ``order-link-secret``)."""
    if configured:
        return configured
    path = data_dir / file_name
    data_dir.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        existing = path.read_text().strip()
        if existing:
            return existing
        path.unlink(missing_ok=True)  # an empty file left by a crash: start over
        return load_secret(configured, data_dir, file_name)
    secret = secrets.token_urlsafe(48)
    with os.fdopen(fd, "w") as out:
        out.write(secret)
    return secret


async def _refuse(send: Send, message: str) -> None:
    await send_json_error(send, 403, "csrf_failed", message)


async def _token_failed(scope: Scope, send: Send, _reason: object) -> None:
    await _refuse(send, "The request's CSRF token is missing or wrong. Reload the page and try again.")


class StaffCsrf:
    """ASGI middleware: the Origin check and the asgi-csrf token check of the module docstring.

    ``secret`` signs the token cookie; ``cookie_secure`` marks it ``Secure`` (``COOKIE_SECURE``).
    Requests on the staff paths and ``TOKEN_ISSUING_PATHS`` get ``scope["csrftoken"]`` (a
    function returning the token and setting its cookie on the answer), so handlers and
    templates can hand it out; every other request (the shopper APIs, the storefront) goes straight to the app, untouched and at no cost."""

    def __init__(self, app: ASGIApp, secret: str, cookie_secure: bool = False) -> None:
        self.app = app
        self.signer = URLSafeSerializer(secret)
        self.with_token = asgi_csrf(
            app,
            cookie_name=CSRF_COOKIE,
            http_header=CSRF_HEADER,
            signing_secret=secret,
            skip_if_scope=self._token_not_needed,
            cookie_secure=cookie_secure,
            cookie_samesite="Lax",
            send_csrf_failed=_token_failed,
        )

    @staticmethod
    def _guarded(scope: Scope) -> bool:
        """An unsafe-method staff request carrying a staff session."""
        return (
            scope["method"] in UNSAFE_METHODS
            and is_staff_path(scope["path"])
            and _has_staff_cookie(_headers(scope))
        )

    def _token_not_needed(self, scope: Scope) -> bool:
        return not self._guarded(scope) or scope["path"] == LOGIN_PATH

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not (
            is_staff_path(scope["path"]) or scope["path"] in TOKEN_ISSUING_PATHS
        ):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "http":
            if self._guarded(scope) and not same_origin(scope):
                await _refuse(send, "This staff request did not come from the shop's own pages.")
                return
            if _foreign_login(scope):  # login CSRF: signing a browser into someone else's account
                await _refuse(send, "Sign in from the shop's own login page.")
                return
            if (
                scope["method"] == "GET"
                and scope["path"] == LOGOUT_PATH
                and _has_staff_cookie(_headers(scope))
                and cross_site_navigation(scope)
            ):
                await _refuse(send, "Log out from the shop's own pages.")
                return
            if self._guarded(scope) and _is_multipart(scope) and CSRF_HEADER.encode() not in _headers(scope):
                scope, receive = await _token_field_as_header(scope, receive)
                if not self._header_matches_cookie(scope):  # asgi-csrf would try its own reader
                    await _token_failed(scope, send, None)
                    return
        await self.with_token(scope, receive, send)

    def _header_matches_cookie(self, scope: Scope) -> bool:
        """The ``X-CSRFToken`` header equals a validly signed ``csrftoken`` cookie (the check
        asgi-csrf makes, done here for the multipart forms it cannot read)."""
        cookie = cookies_from_scope(scope).get(CSRF_COOKIE, "")
        header = _headers(scope).get(CSRF_HEADER.encode(), b"").decode("latin-1")
        try:
            self.signer.loads(cookie, DEFAULT_SIGNING_NAMESPACE)
        except BadSignature:
            return False
        return bool(cookie) and secrets.compare_digest(header, cookie)


def _foreign_login(scope: Scope) -> bool:
    """A ``POST /api/staff/login`` whose ``Origin`` (or ``Referer``) names another site. A login
    without either header (a script, the CLI's tests) has no browser to forge it from and passes;
    the first login has no token yet, so this is its only CSRF check (docs/operations.md, Security)."""
    if scope["method"] != "POST" or scope["path"] != LOGIN_PATH:
        return False
    headers = _headers(scope)
    if b"origin" not in headers and b"referer" not in headers:
        return False
    return not same_origin(scope)


def _is_multipart(scope: Scope) -> bool:
    return _headers(scope).get(b"content-type", b"").lower().startswith(b"multipart/form-data")


async def _token_field_as_header(scope: Scope, receive: Receive) -> tuple[Scope, Receive]:
    """Read the whole request body, find its ``csrftoken`` form field and return a scope with
    it as the ``X-CSRFToken`` header (none when absent or unreadable) and a ``receive`` that
    replays the body."""
    messages: list[Message] = []
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request" or not message.get("more_body", False):
            break
    body = b"".join(m.get("body", b"") for m in messages if m["type"] == "http.request")

    async def whole_body() -> Message:
        return {"type": "http.request", "body": body, "more_body": False}

    token: object = None
    try:
        form = await Request(scope, whole_body).form()
        token = form.get(CSRF_FIELD)
        await form.close()
    except Exception:  # noqa: BLE001 - a malformed body has no token; asgi-csrf refuses it
        token = None
    headers = [(k, v) for k, v in scope.get("headers", ()) if k.lower() != CSRF_HEADER.encode()]
    if isinstance(token, str):
        headers.append((CSRF_HEADER.encode(), token.encode("latin-1", "replace")))

    async def replay() -> Message:
        return messages.pop(0) if messages else await receive()

    return {**scope, "headers": headers}, replay


def issue_token(scope: Scope) -> str | None:
    """The request's CSRF token, making sure its ``csrftoken`` cookie goes out with the answer
    (set by :class:`StaffCsrf`); None when the middleware is not installed."""
    getter = scope.get("csrftoken")
    return getter() if callable(getter) else None
