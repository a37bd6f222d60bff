"""The staff order API, ``/api/staff/orders`` (docs/spec.md section 4.1; docs/checkout.md "Order
workflow"; docs/api.md "Staff orders").

    GET  /api/staff/orders?status=&date_from=&date_to=&country=&payment_method=&search=&page=&per_page=
    GET  /api/staff/orders/{id}
    POST /api/staff/orders/{id}/mark-paid       {version, note}
    POST /api/staff/orders/{id}/mark-shipped    {version, carrier, tracking_number, note}
    POST /api/staff/orders/{id}/cancel          {version, note}
    POST /api/staff/orders/{id}/refunds         {version, whole, lines: [{line_id, quantity, restock}], restock, reason}
    POST /api/staff/orders/{id}/mails/{mail_id}/resend

Admins only (``ORDER_MANAGER_ROLES``): 401 ``staff_login_required`` without a session, 403
``staff_role_forbidden`` for reviewer, support and analyst. The POSTs pass the staff CSRF
check (``services/staff/csrf.py``: own Origin and ``X-CSRFToken``). Every answer is
``Cache-Control: no-store`` (personal data). Actions answer the order page as
``GET /api/staff/orders/{id}`` does; money is integer minor units of the order's currency.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from typing import Annotated, Any

from fastapi import Depends, Path, Query
from fastapi.responses import JSONResponse

from services.checkout import order_admin, order_pages
from services.checkout.order_repository import OrderFilters
from services.checkout.order_workflow import OrderStatus, RefundRequest
from services.checkout.staff_schemas import ActionIn, RefundIn, ShipIn
from services.shared.deps import SessionDep
from services.shared.errors import error_responses
from services.shared.ids import MAX_ID
from services.shared.routing import DbRouter, NoStoreRoute
from services.staff.deps import require_role
from services.staff.domain import ORDER_MANAGER_ROLES, StaffUser

OrderManagerDep = Annotated[StaffUser, Depends(require_role(*ORDER_MANAGER_ROLES))]
OrderId = Annotated[int, Path(ge=1, le=MAX_ID, description="The order number.")]

_AUTH = {
    401: "`staff_login_required`: no staff session",
    403: "`staff_role_forbidden` (not an admin) or `csrf_failed`",
}
_ACTION_ERRORS = {
    **_AUTH,
    404: "`order_not_found`",
    409: "`order_status_changed` (the version is stale), `order_already_paid`, `order_not_payable`, "
    "`order_not_shippable`, `order_not_cancellable`, `order_not_refundable`, `refund_exceeds_paid`",
    422: "`invalid_request`, `invalid_shipment`, `refund_empty`, `unknown_order_line`",
}

router = DbRouter(prefix="/api/staff/orders", tags=["Staff orders"], route_class=NoStoreRoute)


def _day(value: date | None, *, end: bool = False) -> datetime | None:
    if value is None:
        return None
    moment = datetime.combine(value, time.min, tzinfo=UTC)
    return moment + timedelta(days=1) if end else moment


@router.get("", summary="List orders (admin)", responses=error_responses(_AUTH))
def list_orders(
    session: SessionDep,
    _user: OrderManagerDep,
    status: Annotated[OrderStatus | None, Query(description="An order status slug.")] = None,
    date_from: Annotated[date | None, Query(description="Placed on or after this day (UTC).")] = None,
    date_to: Annotated[date | None, Query(description="Placed on or before this day (UTC).")] = None,
    country: Annotated[str | None, Query(min_length=2, max_length=2)] = None,
    payment_method: Annotated[str | None, Query(max_length=32)] = None,
    search: Annotated[str | None, Query(max_length=200, description="Order number or buyer email.")] = None,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    per_page: Annotated[int, Query(ge=1, le=100)] = 20,
) -> JSONResponse:
    """Orders newest first: ``{orders: [{id, number, status, version, date_created, currency,
    total, country, payment_method, payment_method_title, email}], total, page, per_page,
    pages}`` (``total`` of an order in minor units of its ``currency``). Filters combine;
    ``search`` matches an order number exactly or part of the buyer's email."""
    filters = OrderFilters(
        status=str(status) if status else None,
        date_from=_day(date_from),
        date_to=_day(date_to, end=True),
        country=country,
        payment_method=payment_method,
        search=search.strip() if search and search.strip() else None,
    )
    return JSONResponse(order_pages.list_orders(session, filters, page=page, per_page=per_page))


@router.get(
    "/{order_id}", summary="One order (admin)", responses=error_responses({**_AUTH, 404: "`order_not_found`"})
)
def get_order(session: SessionDep, _user: OrderManagerDep, order_id: OrderId) -> JSONResponse:
    """The order page (``order_pages.order_detail``): figures, coupons, customer, lines,
    ``history``, ``shipments``, ``refunds``, ``mails``, ``version`` and the ``actions``
    allowed now."""
    return JSONResponse(order_pages.order_detail(session, order_id))


def _done(session: SessionDep, data: dict[str, Any]) -> JSONResponse:
    session.commit()
    return JSONResponse(data)


@router.post(
    "/{order_id}/mark-paid", summary="Mark an order paid (admin)", responses=error_responses(_ACTION_ERRORS)
)
def mark_paid(session: SessionDep, user: OrderManagerDep, order_id: OrderId, body: ActionIn) -> JSONResponse:
    """``on-hold``/``pending`` -> ``processing``; mails the buyer "payment received"."""
    return _done(session, order_admin.mark_paid(session, order_id, body.version, user.id, body.note))


@router.post(
    "/{order_id}/mark-shipped",
    summary="Mark an order shipped (admin)",
    responses=error_responses(_ACTION_ERRORS),
)
def mark_shipped(session: SessionDep, user: OrderManagerDep, order_id: OrderId, body: ShipIn) -> JSONResponse:
    """``processing`` -> ``completed`` with a shipment (carrier, tracking number); mails the
    buyer "shipped" with both."""
    data = order_admin.mark_shipped(
        session, order_id, body.version, user.id, body.carrier, body.tracking_number, body.note
    )
    return _done(session, data)


@router.post(
    "/{order_id}/cancel", summary="Cancel an order (admin)", responses=error_responses(_ACTION_ERRORS)
)
def cancel(session: SessionDep, user: OrderManagerDep, order_id: OrderId, body: ActionIn) -> JSONResponse:
    """``pending``/``on-hold``/``processing`` -> ``cancelled``: restocks the lines, releases the
    coupon uses, mails the buyer "cancelled"."""
    return _done(session, order_admin.cancel(session, order_id, body.version, user.id, body.note))


@router.post(
    "/{order_id}/refunds", summary="Refund an order (admin)", responses=error_responses(_ACTION_ERRORS)
)
def refund(session: SessionDep, user: OrderManagerDep, order_id: OrderId, body: RefundIn) -> JSONResponse:
    """Refund the whole order or units of lines (amounts decided by the server from the line
    totals, discounts included; shipping on a whole refund), restocking the chosen lines;
    mails the buyer the amount."""
    restock = {line.line_id for line in body.lines if line.restock} | set(body.restock)
    request = RefundRequest(
        whole=body.whole,
        quantities={line.line_id: line.quantity for line in body.lines},
        restock=frozenset(restock),
    )
    return _done(session, order_admin.refund(session, order_id, body.version, user.id, request, body.reason))


@router.post(
    "/{order_id}/mails/{mail_id}/resend",
    summary="Send one of the order's mails again (admin)",
    responses=error_responses(
        {**_AUTH, 404: "`order_not_found`, `mail_not_found`", 409: "`mail_erased`", 422: "`invalid_request`"}
    ),
)
def resend_mail(
    session: SessionDep,
    user: OrderManagerDep,
    order_id: OrderId,
    mail_id: Annotated[int, Path(ge=1, le=MAX_ID)],
) -> JSONResponse:
    """Queue a copy of the order's mail ``mail_id`` to the buyer (noted in the history)."""
    return _done(session, order_admin.resend_mail(session, order_id, mail_id, user.id))
