"""Staff actions on orders (docs/spec.md section 4.1; docs/checkout.md "Order workflow"): mark
paid, mark shipped, cancel (restock, release coupon uses), refund (whole or per line,
optionally restocking), resend a mail. What staff read (the list, the order page): ``order_pages.py``.

Every action: takes SQLite's write lock first (``repository.take_write_lock``), reads the
order, refuses a stale ``version`` (409 ``order_status_changed``), asks the pure rules
(``order_workflow``) what the action leads to, then CLAIMS the order with one conditional
UPDATE (``WHERE id = ? AND version = ?``, bumping the version) before any other write, so of
two staff acting at once exactly one succeeds and the other gets 409 ``order_status_changed``
with nothing of its work stored. Then its own writes, one append-only ``order_status_changes``
row and the buyer's mail (outbox, same transaction). Functions never commit (the endpoint
does). Money: integer minor units of the order's currency.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from services.catalog import revision as catalog_revision
from services.checkout import order_mails
from services.checkout import order_repository as orders
from services.checkout import repository as repo
from services.checkout.errors import order_not_found
from services.checkout.models import (
    Order,
    OrderCustomer,
    OrderLine,
    OrderRefund,
    OrderRefundLine,
    OrderShipment,
    OrderStatusChange,
)
from services.checkout.order_pages import order_detail, refunded_units
from services.checkout.order_workflow import (
    STATUS_CHANGED_MESSAGE,
    InvalidOrderAction,
    LineFacts,
    OrderAction,
    OrderRefused,
    RefundRequest,
    RefusalCode,
    check_version,
    decide,
    plan_refund,
    refund_status,
)
from services.mail.outbox import Mail, enqueue
from services.shared import clock as shared_clock
from services.shared.errors import Conflict, NotFound
from services.shared.money import format_money

clock: Callable[[], datetime] = shared_clock.now


def _load(session: Session, order_id: int) -> Order:
    repo.take_write_lock(session)
    order = repo.get_order(session, order_id)
    if order is None:
        raise order_not_found()
    session.refresh(order)  # the row as it is now, not as an earlier read of this session saw it
    return order


def _claim(session: Session, order: Order, version: int, values: dict[str, Any]) -> None:
    check_version(version, order.version)
    if not orders.claim(session, order.id, version, values):  # another staff action came first
        raise OrderRefused(RefusalCode.STATUS_CHANGED, STATUS_CHANGED_MESSAGE)
    session.refresh(order)


def _record(
    session: Session,
    order: Order,
    staff_id: int | None,
    action: OrderAction,
    before: str,
    note: str,
    staff_note: str = "",
) -> None:
    orders.add_status_change(
        session,
        OrderStatusChange(
            order_id=order.id,
            at=clock(),
            staff_id=staff_id,
            action=str(action),
            from_status=before,
            to_status=order.status,
            note=note.strip()[:2000],
            staff_note=staff_note.strip()[:2000],
        ),
    )


def _mail(session: Session, order: Order, build: Callable[[str, str], Mail]) -> int | None:
    """Queue ``build(email, first_name)`` to the buyer; None when the order's personal data was
    erased (no address to write to)."""
    customer: OrderCustomer | None = repo.customer_of(session, order.id)
    if customer is None or not customer.email:
        return None
    return enqueue(session, build(customer.email, customer.first_name), reference=f"order:{order.id}")


def _restock(session: Session, lines: list[tuple[OrderLine, int]]) -> int:
    """Give ``units`` of each line back to its stock row where stock is managed; the units
    given back. Bumps the catalogue revision when any were (cached reads show the stock)."""
    given = 0
    products: set[int] = set()
    for line, units in sorted(lines, key=lambda lu: (lu[0].product_id, lu[0].variation_id or 0)):
        if units > 0 and orders.give_stock(session, line.product_id, line.variation_id, units):
            given += units
            products.add(line.product_id)
    if given:
        catalog_revision.bump(session, stock_of=products)
    return given


# ---- actions -------------------------------------------------------------------------------------


def mark_paid(
    session: Session, order_id: int, version: int, staff_id: int | None, note: str = ""
) -> dict[str, Any]:
    """Mark the order's payment received: ``on-hold``/``pending`` -> ``processing``,
    ``date_paid`` set, the "payment received" mail queued. 404 ``order_not_found``; 409
    ``order_already_paid``, ``order_not_payable``, ``order_status_changed``. Returns the order
    page (:func:`order_detail`)."""
    order = _load(session, order_id)
    check_version(version, order.version)
    before, target = order.status, decide(OrderAction.MARK_PAID, order.status)
    _claim(session, order, version, {"status": str(target), "date_paid": clock()})
    _record(session, order, staff_id, OrderAction.MARK_PAID, before, "Payment received.", note)
    _mail(session, order, lambda to, first: order_mails.payment_received_mail(to, first, order.id))
    return order_detail(session, order_id)


def mark_shipped(
    session: Session,
    order_id: int,
    version: int,
    staff_id: int | None,
    carrier: str,
    tracking_number: str,
    note: str = "",
) -> dict[str, Any]:
    """Mark the order shipped with ``carrier`` and ``tracking_number``: ``processing`` ->
    ``completed``, ``date_completed`` set, an ``order_shipments`` row and the "shipped" mail.
    422 ``invalid_shipment`` (either empty); 404; 409 ``order_not_shippable``,
    ``order_status_changed``."""
    carrier, tracking_number = carrier.strip(), tracking_number.strip()
    if not carrier or not tracking_number:
        raise InvalidOrderAction("invalid_shipment", "Enter the carrier and the tracking number.")
    order = _load(session, order_id)
    check_version(version, order.version)
    before, target = order.status, decide(OrderAction.MARK_SHIPPED, order.status)
    now = clock()
    _claim(session, order, version, {"status": str(target), "date_completed": now})
    orders.add_shipment(
        session,
        OrderShipment(
            order_id=order.id,
            carrier=carrier,
            tracking_number=tracking_number,
            shipped_at=now,
            staff_id=staff_id,
        ),
    )
    text = f"Shipped with {carrier}, tracking number {tracking_number}."
    _record(session, order, staff_id, OrderAction.MARK_SHIPPED, before, text, note)
    _mail(
        session,
        order,
        lambda to, first: order_mails.shipped_mail(to, first, order.id, carrier, tracking_number),
    )
    return order_detail(session, order_id)


def cancel(
    session: Session, order_id: int, version: int, staff_id: int | None, note: str = ""
) -> dict[str, Any]:
    """Cancel the order: ``pending``/``on-hold``/``processing`` -> ``cancelled``. Every line's
    units not refunded yet go back to stock (a refund decided about its own units: restocked
    or, say, broken and kept out) (product or variation, where stock
    is managed) and each coupon use the order counted is released (``usage_count`` and the
    buyer's ``used_by`` entry). Queues the "cancelled" mail. 404; 409
    ``order_not_cancellable`` (shipped, already cancelled or refunded),
    ``order_status_changed``."""
    order = _load(session, order_id)
    check_version(version, order.version)
    before, target = order.status, decide(OrderAction.CANCEL, order.status)
    _claim(session, order, version, {"status": str(target)})
    refunded, _, _ = refunded_units(session, order.id)  # a refund already decided about those units
    lines = repo.lines_of(session, order.id)
    given = _restock(session, [(line, line.count - refunded.get(line.id, 0)) for line in lines])
    customer = repo.customer_of(session, order.id)
    entry = (customer.email.strip().lower() if customer else "") or f"erased:order:{order.id}"
    released = [
        c["code"] for c in order.coupons or [] if orders.release_coupon_use(session, c["code"], entry)
    ]
    coupons_text = f"coupon use released: {', '.join(released)}." if released else "no coupon use to release."
    text = f"Cancelled; {given} unit(s) back in stock; {coupons_text}"
    _record(session, order, staff_id, OrderAction.CANCEL, before, text, note)
    _mail(session, order, lambda to, first: order_mails.cancelled_mail(to, first, order.id))
    return order_detail(session, order_id)


def refund(
    session: Session,
    order_id: int,
    version: int,
    staff_id: int | None,
    request: RefundRequest,
    reason: str = "",
) -> dict[str, Any]:
    """Refund the whole order or some units of its lines (``order_workflow.plan_refund``: the
    amount decided here from the line totals, discounts included, plus shipping on a whole
    refund), restocking the lines in ``request.restock``. Keeps the status unless the refunds
    reach the total (then ``refunded``). Stores an ``order_refunds`` row with its lines and
    queues the "refunded" mail with the amount. 404; 409 ``order_not_refundable``,
    ``refund_exceeds_paid``, ``order_status_changed``; 422 ``refund_empty``,
    ``unknown_order_line``."""
    order = _load(session, order_id)
    check_version(version, order.version)
    before = str(decide(OrderAction.REFUND, order.status))  # the status it is in (refusing unpaid ones)
    lines = repo.lines_of(session, order.id)
    units, _, refunded = refunded_units(session, order.id)
    plan = plan_refund(
        [LineFacts(line.id, line.count, line.total, units.get(line.id, 0)) for line in lines],
        request,
        total=order.total,
        shipping=order.shipping,
        refunded=refunded,
    )
    after = refund_status(order.status, total=order.total, refunded_after=refunded + plan.amount)
    _claim(session, order, version, {"status": str(after)})
    now = clock()
    orders.add_refund(
        session,
        OrderRefund(
            order_id=order.id,
            amount=plan.amount,
            shipping=plan.shipping,
            reason=reason.strip()[:500],
            created_at=now,
            staff_id=staff_id,
        ),
        [
            OrderRefundLine(
                order_line_id=p.line_id, quantity=p.quantity, amount=p.amount, restocked=p.restock
            )
            for p in plan.lines
        ],
    )
    by_id = {line.id: line for line in lines}
    given = _restock(session, [(by_id[p.line_id], p.quantity) for p in plan.lines if p.restock])
    money = format_money(plan.amount, order.currency)
    text = f"Refunded {money}; {given} unit(s) back in stock."
    _record(session, order, staff_id, OrderAction.REFUND, before, text, reason)
    _mail(
        session,
        order,
        lambda to, first: order_mails.refunded_mail(to, first, order.id, plan.amount, order.currency),
    )
    return order_detail(session, order_id)


def resend_mail(session: Session, order_id: int, mail_id: int, staff_id: int | None) -> dict[str, Any]:
    """Queue a copy of the order's mail ``mail_id`` (same recipient, subject, bodies and
    headers; reference ``order:<id>``) and note it in the history. 404 ``order_not_found``,
    ``mail_not_found`` (not a mail of this order); 409 ``mail_erased`` (its personal data was
    erased: nobody to send it to)."""
    order = _load(session, order_id)
    mail = next((m for m in orders.mails_of(session, order.id) if m.id == mail_id), None)
    if mail is None:
        raise NotFound("mail_not_found", "This order has no such mail.")
    if not mail.to:
        raise Conflict(
            "mail_erased", "This mail was erased with the buyer's personal data; it cannot be sent again."
        )
    copy = Mail(
        to=mail.to, subject=mail.subject, text=mail.text, html=mail.html, headers=dict(mail.headers or {})
    )
    new_id = enqueue(session, copy, reference=f"order:{order.id}")
    text = f"Mail #{mail.id} sent again as mail #{new_id}: {mail.subject}"
    _record(session, order, staff_id, OrderAction.RESEND_MAIL, order.status, text)
    return order_detail(session, order_id)
