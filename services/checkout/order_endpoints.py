"""``GET /api/wc/orders/{id}``: the order page's read (docs/spec.md section 7 path; docs/checkout.md).

Only the buyer and staff (a ``staff_session`` of an admin, a reviewer or support; not an
analyst) can read an order. The buyer sends a key in the ``X-Order-Key`` header: the
``order_key`` answered by checkout, or the signed key of the confirmation mail's link
(``services/checkout/links.py``; the page reads it from the URL fragment, so no key appears in
a request URL or a server log). ``?key=`` is still accepted for links made before (docs/spec.md
section 2.12); the header wins when both are sent. Anyone else, a wrong key, or an id that does not exist
gets the same 404 ``order_not_found``: ids are random 9-digit numbers and existence is never
revealed, so orders cannot be enumerated. Never cached (``Cache-Control: no-store``).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Header, Query
from fastapi.responses import JSONResponse

from services.checkout.schemas import OrderOut
from services.checkout.service import read_order
from services.shared.deps import SessionDep
from services.shared.routing import DbRouter, documented
from services.staff.deps import OptionalStaffDep
from services.staff.domain import ORDER_READER_ROLES, has_role

router = DbRouter(prefix="/api/wc", tags=["Orders"])


@router.get(
    "/orders/{order_id}",
    summary="Order (buyer with its key, or staff)",
    responses={
        **documented(OrderOut, "The order"),
        404: {"description": '`{code: "order_not_found"}` without the right key or a staff session'},
    },
)
def get_order(
    order_id: str,
    session: SessionDep,
    staff: OptionalStaffDep,
    x_order_key: Annotated[
        str | None,
        Header(
            max_length=200, description="The order key from checkout or the signed key of the order's link."
        ),
    ] = None,
    key: Annotated[
        str | None,
        Query(max_length=200, description="Old links: the order key; prefer the X-Order-Key header."),
    ] = None,
) -> JSONResponse:
    """The order (``<order>``: ``{id, number, date_created, status, total, currency,
    payment_method, payment_method_title, lines, coupons, discount, tax, tax_name, shipping,
    shipping_method_title, subtotal, billing, shipping_address, payment_instructions, status_label,
    preorder, shipments}``, money in minor units of ``currency``; ``support_reference`` of its
    cart; ``country_name`` in the addresses). Readable with a key (``X-Order-Key``, else
    ``?key=``: the checkout's order key or the link's signed key) or a staff session of an admin,
    reviewer or support. 404 ``order_not_found`` otherwise, the same for a wrong key, another
    order's key and a missing order (docs/spec.md section 2.12)."""
    allowed = staff is not None and has_role(staff, ORDER_READER_ROLES)
    data = read_order(session, order_id, x_order_key or key, staff=allowed)
    return JSONResponse(data, headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})
