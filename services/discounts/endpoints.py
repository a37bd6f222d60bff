"""Staff coupon management over HTTP: ``/api/wc/coupons`` (WooCommerce REST shape, docs/spec.md section 7).

Never readable anonymously (a public list would leak every code): 401
``staff_login_required`` without a staff session. Admin and reviewer may read; only admin
may create, change or delete (403 ``staff_role_forbidden`` for a reviewer). Answers are
never cached (``Cache-Control: no-store``). Shoppers apply coupons through the cart
(``apply_coupon``), which checks them on the server.
"""

from __future__ import annotations

import math
from typing import Annotated, Any

from fastapi import Body, Depends, Path, Query, Response, status
from sqlalchemy.orm import Session

from services.discounts import service
from services.discounts.models import Coupon
from services.discounts.schemas import CouponWrite
from services.shared.deps import SessionDep
from services.shared.errors import error_responses
from services.shared.ids import MAX_ID
from services.shared.routing import NO_STORE, DbRouter
from services.shared.text import NO_NUL
from services.staff.deps import require_role

router = DbRouter(prefix="/api/wc/coupons", tags=["Coupons (staff)"])

Reader = Depends(require_role("admin", "reviewer"))
Admin = Depends(require_role("admin"))
Json = dict[str, Any]
_401 = {401: "`staff_login_required`: no staff session"}
_403 = {403: "`staff_role_forbidden`: a reviewer (only an admin may change coupons)"}
_404 = {404: "`coupon_not_found`"}
_409 = {409: "`coupon_code_exists`: another coupon has this code (any letter case)"}
# Outside every id (1 to the INTEGER column's largest): 422 invalid_request, not a database
# overflow (500: SQLite beyond 64 bits, PostgreSQL beyond 32 bits either way).
CouponId = Annotated[int, Path(ge=1, le=MAX_ID)]


def _no_store(response: Response) -> None:
    response.headers.update(NO_STORE)


def _saved(session: Session, response: Response, coupon: Coupon) -> Json:
    """Commit the request's change and answer the coupon as stored now (never cached)."""
    session.commit()
    _no_store(response)
    return service.to_json(coupon)


@router.get("", dependencies=[Reader], summary="List coupons (staff)", responses=error_responses(_401))
def list_coupons(
    session: SessionDep,
    response: Response,
    no_cache: str | None = None,
    search: Annotated[str | None, Query(max_length=64, pattern=NO_NUL)] = None,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    per_page: Annotated[int, Query(ge=1, le=100)] = 100,
) -> list[Json]:
    """Coupons by id in WooCommerce shape (``service.to_json``), ``per_page`` (default 100) per
    ``page``; ``search`` matches code or description. Headers ``X-WP-Total``,
    ``X-WP-TotalPages``. ``no_cache`` is accepted (docs/spec.md section 7 ``coupons?no_cache=true``); answers
    are never cached anyway. 401 anonymous."""
    rows, total = service.list_coupons(session, search=search, page=page, per_page=per_page)
    _no_store(response)
    response.headers["X-WP-Total"] = str(total)
    response.headers["X-WP-TotalPages"] = str(math.ceil(total / per_page))
    return [service.to_json(c) for c in rows]


@router.post(
    "",
    status_code=status.HTTP_201_CREATED,
    dependencies=[Admin],
    summary="Create a coupon (admin)",
    responses=error_responses({**_401, **_403, **_409}),
)
def create_coupon(session: SessionDep, response: Response, body: Annotated[CouponWrite, Body()]) -> Json:
    """Create a coupon from WooCommerce-shaped fields (``code`` required; see ``schemas.py``).
    201 with the coupon. 409 ``coupon_code_exists`` (codes are unique case-insensitively);
    422 ``invalid_coupon`` / ``invalid_request`` (unknown discount_type, negative amount,
    percent above 100)."""
    return _saved(session, response, service.create_coupon(session, body))


@router.get(
    "/{coupon_id}",
    dependencies=[Reader],
    summary="Read a coupon (staff)",
    responses=error_responses({**_401, **_404}),
)
def read_coupon(
    session: SessionDep, response: Response, coupon_id: CouponId, no_cache: str | None = None
) -> Json:
    """One coupon (WooCommerce shape). 404 ``coupon_not_found``."""
    _no_store(response)
    return service.to_json(service.get_coupon(session, coupon_id))


@router.put(
    "/{coupon_id}",
    dependencies=[Admin],
    summary="Change a coupon (admin)",
    responses=error_responses({**_401, **_403, **_404, **_409}),
)
def update_coupon(
    session: SessionDep, response: Response, coupon_id: CouponId, body: Annotated[CouponWrite, Body()]
) -> Json:
    """Change the fields sent (others stay). Same errors as create, plus 404."""
    return _saved(session, response, service.update_coupon(session, coupon_id, body))


@router.delete(
    "/{coupon_id}",
    dependencies=[Admin],
    summary="Delete a coupon (admin)",
    responses=error_responses({**_401, **_403, **_404}),
)
def delete_coupon(
    session: SessionDep, response: Response, coupon_id: CouponId, force: str | None = None
) -> Json:
    """Delete the coupon for good (``force`` accepted for WooCommerce clients; there is no
    trash). Answers the deleted coupon. 404 ``coupon_not_found``. Carts that applied it keep
    the facts recorded then until their next change re-checks them; checkout re-reads it."""
    shown = service.delete_coupon(session, coupon_id)
    session.commit()
    _no_store(response)
    return shown
