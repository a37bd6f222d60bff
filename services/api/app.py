"""The FastAPI application: mounts every context's router, serves media and the built storefront.

Error contract (style.md "Errors"): domain errors -> their status with
``{"code", "message"}`` (429 ``rate_limited`` adds ``Retry-After``); request validation -> 422 with ``{"code": "invalid_request",
"message", "errors"}``; unknown ``/api/...`` paths -> JSON 404. ``/admin`` is the staff admin UI
(``services/admin``, HTML). Any other GET path is the storefront (single-page app) so
client-side routes survive a reload.
"""

from __future__ import annotations

import gzip
import logging
import mimetypes
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import Scope

from services.admin.setup import mount_admin
from services.analytics.dashboard import router as analytics_dashboard_router
from services.analytics.endpoints import router as analytics_router
from services.api.access_log import install_access_log_redaction
from services.api.media import CachedStaticFiles, media_cache_control
from services.api.page_shell import PageShell, layout_answers
from services.cart.endpoints import router as cart_router
from services.catalog import revision as catalog_revision
from services.catalog.endpoints import router as catalog_router
from services.catalog.response_cache import CatalogResponseCache
from services.catalog.sales import next_boundary as next_sale_boundary
from services.catalog.storefront_routes import StorefrontPage, resolve_page
from services.catalog.visibility import include_unpublished
from services.checkout.endpoints import router as checkout_router
from services.checkout.order_endpoints import router as orders_router
from services.checkout.staff_endpoints import router as staff_orders_router
from services.configurator.endpoints import router as configurator_router
from services.contact.endpoints import router as contact_router
from services.discounts.endpoints import router as coupons_router
from services.location.endpoints import router as location_router
from services.mail.endpoints import mount_mailbox
from services.newsletter.endpoints import router as newsletter_router
from services.shared.db import get_engine, get_sessionmaker
from services.shared.encoding import accepted_encodings
from services.shared.errors import DomainError, ErrorBody, RequestErrorBody
from services.shared.http_limits import BodyLimit, BodyTooLarge, default_rules, too_large_body
from services.shared.ratelimit import retry_after_headers
from services.shared.security_headers import SecurityHeaders
from services.shared.settings import get_settings
from services.staff.csrf import StaffCsrf, load_secret
from services.staff.endpoints import router as staff_router
from services.support.endpoints import router as support_router

log = logging.getLogger(__name__)

API_PREFIXES = (
    "/api/",
    "/wp/",
    "/is-admin",
    "/is-reviewer",
    "/logout",
    "/docs",
    "/openapi.json",
    "/media/",
    "/admin",
)


def _database_unavailable(exc: BaseException) -> bool:
    """Whether ``exc`` says the database cannot be reached or used right now (a restart, a cut
    connection, SQLite busy past its timeout) rather than that our code is wrong: the driver's,
    SQLAlchemy's or the event store's ``OperationalError``, or an ``InterfaceError`` (a closed
    connection), anywhere in the exception's cause chain. Such answers are 503 with
    ``Retry-After`` (clients retry with the same idempotency key; nothing was stored half)."""
    import sqlite3

    import psycopg
    from eventsourcing.persistence import InterfaceError as EsInterfaceError
    from eventsourcing.persistence import OperationalError as EsOperationalError
    from sqlalchemy.exc import InterfaceError as SaInterfaceError
    from sqlalchemy.exc import OperationalError as SaOperationalError

    kinds = (
        SaOperationalError,
        SaInterfaceError,
        EsOperationalError,
        EsInterfaceError,
        psycopg.OperationalError,
        psycopg.InterfaceError,
        sqlite3.OperationalError,
    )
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, kinds):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


_UNREADABLE_BODY = "There was an error parsing the body"  # fastapi.routing, for an undecodable body


def _error(status: int, code: str, message: str, **extra: object) -> JSONResponse:
    return JSONResponse(status_code=status, content={"code": code, "message": message, **extra})


PROJECTORS = ("cart_projector", "support_projector", "analytics_projector")


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Start the cart read-model, support index and analytics projector threads when
    ``RUN_PROJECTIONS`` is true (the default; embedded mode); stop them (and wait for them) on
    shutdown. ``app.state.cart_projector`` / ``support_projector`` / ``analytics_projector``
    are the projectors or None. Raises ``RuntimeError`` (the process does not start) when
    ``RUN_PROJECTIONS`` is on behind PgBouncer (``DATABASE_PGBOUNCER``): projections follow the
    log with LISTEN, which needs a session of their own; run ``shop project`` workers instead.
    Also opens the process's catalogue revision watch (``app.state.catalog_revision_watch``,
    ``services/catalog/revision.py``; None where there can be none) for the response cache's
    live reads, and closes it on shutdown."""
    for attribute in PROJECTORS:
        setattr(app.state, attribute, None)
    settings = get_settings()
    app.state.catalog_revision_watch = None
    if settings.run_projections and settings.database_pgbouncer:
        raise RuntimeError(
            "RUN_PROJECTIONS=true with DATABASE_PGBOUNCER=true: behind PgBouncer the API cannot follow "
            "the cart log (LISTEN); set RUN_PROJECTIONS=false and run `python -m services.api.cli project` "
            "with DIRECT_DATABASE_URL (docs/operations.md, PgBouncer)"
        )
    if settings.run_projections and len(settings.cart_partitions) > 1:
        raise RuntimeError(
            "RUN_PROJECTIONS=true with several CART_PARTITION_URLS: each partition's log is followed by "
            "its own workers; set RUN_PROJECTIONS=false and run `python -m services.api.cli project "
            "--partition I` for every partition (docs/operations.md, partitioned cart streams)"
        )
    # the catalogue revision as of now, for the response cache's live reads (stock checks);
    # behind PgBouncer it LISTENs on DIRECT_DATABASE_URL, or there is none
    direct = settings.direct_database_url.strip()
    app.state.catalog_revision_watch = catalog_revision.open_watch(
        direct or settings.effective_database_url,
        pgbouncer=settings.database_pgbouncer and not direct,
        same_as=settings.effective_database_url,
    )
    if settings.run_projections:
        from services.analytics.projection import build_analytics_projector
        from services.cart.projection import build_projector
        from services.support.projection import build_support_projector

        for attribute, build in (
            ("cart_projector", build_projector),
            ("support_projector", build_support_projector),
            ("analytics_projector", build_analytics_projector),
        ):
            try:
                projector = build()
            except Exception:  # e.g. not migrated yet: serve anyway, say why the view will lag
                log.exception("%s not started (run `shop migrate`?)", attribute)
            else:
                projector.start()
                setattr(app.state, attribute, projector)
    try:
        yield
    finally:
        for attribute in PROJECTORS:
            running = getattr(app.state, attribute)
            if running is not None:
                running.stop()
                setattr(app.state, attribute, None)
        watch, app.state.catalog_revision_watch = app.state.catalog_revision_watch, None
        if watch is not None:
            watch.close()


def _live_revision(scope: Scope) -> int | None:
    """The catalogue revision as the app's ``RevisionWatch`` knows it now (opened by the
    lifespan; None without one, e.g. an app whose lifespan has not run)."""
    watch = getattr(scope["app"].state, "catalog_revision_watch", None)
    return watch.current() if watch is not None else None


def _stock_changes(scope: Scope, since: int, until: int) -> frozenset[int] | None:
    """The products whose stock alone moved from revision ``since`` to ``until``, as the app's
    ``RevisionWatch`` knows them (``RevisionWatch.stock_changes``); None without a watch."""
    watch = getattr(scope["app"].state, "catalog_revision_watch", None)
    return watch.stock_changes(since, until) if watch is not None else None


def create_app() -> FastAPI:
    """Build the application. Settings are read at call time (tests override them first)."""
    settings = get_settings()
    install_access_log_redaction()  # no addresses or order keys in uvicorn's access log
    app = FastAPI(
        lifespan=_lifespan,
        title="HALVARD shop API",
        version="0.1.0",
        description=(
            "Headless catalogue and content back end (WooCommerce/WordPress-shaped paths of "
            "docs/spec.md section 7) plus the shop's own APIs. Money in WooCommerce-shaped responses is "
            "a decimal string with two places; elsewhere integer minor units with a currency."
        ),
    )

    _document_error_shapes(app)

    @app.exception_handler(DomainError)
    async def _domain_error(_: Request, exc: DomainError) -> JSONResponse:
        # A 429 ``rate_limited`` also says when to come back (``Retry-After``, seconds):
        # docs/operations.md, Security, "Rate limits".
        return JSONResponse(
            status_code=exc.status_code, content=exc.to_dict(), headers=retry_after_headers(exc)
        )

    @app.exception_handler(RequestValidationError)
    async def _validation_error(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [
            {"loc": list(e.get("loc", ())), "message": e.get("msg", ""), "type": e.get("type", "")}
            for e in exc.errors()
        ]
        first = errors[0] if errors else {"loc": [], "message": "invalid request"}
        where = ".".join(str(p) for p in first["loc"][1:]) or "request"
        if first.get("type") == "json_invalid":  # loc is ("body", character position)
            where = "body"
        return _error(422, "invalid_request", f"{where}: {first['message']}", errors=errors)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400 and exc.detail == _UNREADABLE_BODY:
            # FastAPI's answer to a JSON body that is not UTF-8 text (malformed JSON is its 422):
            # the same bad input, so the same documented 422 ``invalid_request``.
            return _error(
                422,
                "invalid_request",
                "body: the request body must be JSON text (UTF-8).",
                errors=[{"loc": ["body"], "message": "not UTF-8 JSON text", "type": "json_invalid"}],
            )
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return _error(exc.status_code, code, str(exc.detail))

    @app.exception_handler(BodyTooLarge)
    async def _body_too_large(_: Request, exc: BodyTooLarge) -> Response:
        # BodyLimit already answered 413 and drops this answer; handled here so that a body
        # cut off mid-read is not logged as a bug.
        return Response(too_large_body(exc.limit), status_code=413, media_type="application/json")

    @app.exception_handler(Exception)
    async def _unexpected(_: Request, exc: Exception) -> JSONResponse:
        if _database_unavailable(exc):
            log.warning("database unavailable: %s", exc)
            response = _error(
                503,
                "unavailable",
                "The shop cannot reach its database right now. Please try again in a moment.",
            )
            response.headers["Retry-After"] = "2"
            return response
        log.exception("unhandled error", exc_info=exc)  # a bug
        return _error(500, "internal_error", "Something went wrong on our side.")

    app.include_router(cart_router)
    app.include_router(coupons_router)  # /api/wc/coupons (staff)
    app.include_router(catalog_router)
    app.include_router(configurator_router)  # /api/configurator/..., /api/get-share-url, -data
    app.include_router(analytics_router)
    app.include_router(staff_router)  # before the SPA fallback: /is-admin, /is-reviewer, /logout
    app.include_router(location_router)
    app.include_router(checkout_router)
    app.include_router(orders_router)  # /api/wc/orders/{id} (buyer with key, or staff)
    app.include_router(staff_orders_router)  # /api/staff/orders/... (order workflow: admin)
    app.include_router(support_router)  # /api/support/... (support console: admin, support)
    app.include_router(analytics_dashboard_router)  # /api/analytics/... (dashboard: admin, analyst)
    mount_mailbox(app)  # /api/dev/mailbox: MAIL_BACKEND=outbox only, admins only
    app.include_router(contact_router)  # POST /api/mail (contact form)
    app.include_router(newsletter_router)  # POST /api/newsletter

    @app.api_route(
        "/api/{rest:path}", methods=["GET", "POST", "PUT", "PATCH", "DELETE"], include_in_schema=False
    )
    async def _unknown_api(rest: str) -> JSONResponse:
        return _error(404, "not_found", f"No API endpoint at /api/{rest}")

    app.add_middleware(
        CatalogResponseCache,
        revision=lambda: catalog_revision.read(get_engine()),
        max_entries=settings.catalog_cache_entries,
        ttl=settings.catalog_cache_ttl,
        sale_boundary=lambda: next_sale_boundary(get_engine()),
        live=_live_revision,
        stock_changes=_stock_changes,
    )
    # docs/operations.md, Security. Added last = outermost: security headers on every answer
    # (the 413s included), then body limits, then the staff
    # CSRF checks.
    app.add_middleware(
        StaffCsrf,
        secret=load_secret(settings.csrf_secret, settings.data_dir),
        cookie_secure=settings.cookie_secure,
    )
    app.add_middleware(
        BodyLimit,
        default=settings.max_body_bytes,
        rules=default_rules(settings.max_form_body_bytes, settings.max_analytics_body_bytes),
    )
    app.add_middleware(SecurityHeaders, hsts_max_age=settings.hsts_max_age)

    settings.media_dir.mkdir(parents=True, exist_ok=True)
    app.mount(
        settings.media_url,
        CachedStaticFiles(
            directory=settings.media_dir, cache_control=media_cache_control(settings.media_max_age)
        ),
        name="media",
    )
    mount_admin(app)  # /admin (sqladmin, staff session): before the storefront's catch-all GET
    _mount_webapp(app, settings.webapp_dist)
    return app


_TOO_LARGE = {
    "description": "`payload_too_large`: the body is over this route's limit (docs/operations.md, Security)",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
}


def _document_error_shapes(app: FastAPI) -> None:
    """Make the OpenAPI document describe the 422 body this app sends (``_validation_error``:
    ``{code, message, errors}``) where FastAPI describes its own ``{detail: [...]}``: every
    route's 422 refers to the ``HTTPValidationError`` component, whose schema is replaced.
    Every operation that takes a request body also documents the body limit's 413
    (``services/shared/http_limits.py``) with the ``{code, message}`` error shape, and the models
    of a body a route validates itself (``JsonBody``) are moved into ``components/schemas``."""
    default_openapi = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        schema = default_openapi()  # also stored as app.openapi_schema
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        if "HTTPValidationError" in components:
            ours = RequestErrorBody.model_json_schema(ref_template="#/components/schemas/{model}")
            components.update(ours.pop("$defs", {}))
            components["HTTPValidationError"] = ours
            components.pop("ValidationError", None)  # FastAPI's item, now unused
        components.setdefault("Error", ErrorBody.model_json_schema())
        for operations in schema.get("paths", {}).values():
            for operation in operations.values():
                if isinstance(operation, dict) and "requestBody" in operation:
                    operation.setdefault("responses", {}).setdefault("413", _TOO_LARGE)
                    for content in operation["requestBody"].get("content", {}).values():
                        # A body a route validates itself (services/shared/routing.JsonBody)
                        # lists its models under $defs: they go where FastAPI puts them.
                        components.update(content.get("schema", {}).pop("$defs", {}))
        return schema

    app.openapi = openapi  # type: ignore[method-assign]


async def _resolve_page(path: str, request: Request) -> tuple[StorefrontPage, dict[str, Any] | None]:
    """What the storefront shows at ``path`` (``services/catalog/storefront_routes.py``,
    docs/spec.md section 2.1) and what that page asks for first, with the layout's answers
    (``page_shell.layout_answers``; None when the database did not answer, and the browser
    reads them itself); a staff session that previews drafts sees their pages too."""
    unpublished = await include_unpublished(request)
    query = request.url.query

    def lookup() -> tuple[StorefrontPage, dict[str, Any] | None]:
        try:
            with get_sessionmaker()() as session:
                page = resolve_page(session, path, query, include_unpublished=unpublished)
                return page, layout_answers(session)
        except SQLAlchemyError:  # no database answer: the storefront decides (and says so)
            log.warning("route lookup failed for /%s", path, exc_info=True)
            return StorefrontPage(True), None

    return await run_in_threadpool(lookup)


def _mount_webapp(app: FastAPI, dist: Path) -> None:
    """Serve ``webapp/dist``: real files as they are (or their precompressed twin, see
    ``_static_file``), every other GET path as the page shell (index.html with the page's
    preload links, ``services/api/page_shell.py``): with status 200 where the storefront shows
    a page, 404 where it shows its not-found page (docs/spec.md section 2.1)."""
    index = dist / "index.html"
    shells: dict[float, PageShell] = {}  # by index.html's mtime: a rebuild is picked up

    def shell() -> PageShell:
        mtime = index.stat().st_mtime
        if mtime not in shells:
            shells.clear()
            shells[mtime] = PageShell(dist)
        return shells[mtime]

    @app.get("/{path:path}", include_in_schema=False)
    async def _spa(path: str, request: Request) -> Response:
        candidate = None if "\x00" in path else (dist / path).resolve()  # a NUL names no file
        if path and candidate is not None and candidate.is_file() and dist.resolve() in candidate.parents:
            headers = (
                {"Cache-Control": "public, max-age=31536000, immutable"} if path.startswith("assets/") else {}
            )
            return _static_file(candidate, request.headers.get("accept-encoding", ""), headers)
        if index.is_file():
            page, layout = await _resolve_page(path, request)
            body = shell().render(page, layout)
            headers = {"Cache-Control": "no-cache", "Vary": "Accept-Encoding"}
            if "gzip" in accepted_encodings(request.headers.get("accept-encoding", "")):
                body = gzip.compress(body, compresslevel=6, mtime=0)  # a few KB: microseconds
                headers["Content-Encoding"] = "gzip"
            return Response(
                body, status_code=200 if page.found else 404, media_type="text/html", headers=headers
            )
        return _error(
            503,
            "webapp_not_built",
            "The storefront is not built yet: run `npm ci && npm run build` in webapp/.",
        )


_PRECOMPRESSED = (("br", ".br"), ("gzip", ".gz"))  # preferred first


def _static_file(file: Path, accept_encoding: str, headers: dict[str, str]) -> FileResponse:
    """``file``, or the ``file.br`` / ``file.gz`` twin the webapp build writes next to it
    (``webapp/vite.config.ts``) when the client accepts that encoding: sent with
    ``Content-Encoding`` and the original's media type. Files with a twin say
    ``Vary: Accept-Encoding``."""
    accepted = accepted_encodings(accept_encoding)
    twins = [(coding, file.with_name(file.name + suffix)) for coding, suffix in _PRECOMPRESSED]
    twins = [(coding, twin) for coding, twin in twins if twin.is_file()]
    if twins:
        headers = {**headers, "Vary": "Accept-Encoding"}
    for coding, twin in twins:
        if coding in accepted:
            media_type = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
            return FileResponse(twin, media_type=media_type, headers={**headers, "Content-Encoding": coding})
    return FileResponse(file, headers=headers)
