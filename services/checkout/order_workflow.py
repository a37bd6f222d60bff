"""The order workflow for staff (docs/spec.md section 4.1, docs/checkout.md "Order workflow"):
which action is allowed from which status, and how much a refund gives back. Pure: no SQL, no
HTTP. Statuses are WooCommerce's slugs. Money is integer minor units of the order's currency.

    action          from                               to
    mark_paid       pending, on-hold                   processing
    mark_shipped    processing                         completed
    cancel          pending, on-hold, processing       cancelled
    refund          processing, completed              the same status; refunded once the
                                                       refunds reach the order's total
    resend_mail     any                                the same status

Every refusal is a 409 :class:`OrderRefused` with a stable code (:class:`RefusalCode`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from services.shared.errors import Conflict, Invalid
from services.shared.money import half_up_div


class OrderStatus(StrEnum):
    """WooCommerce's order statuses (slugs). ``pending``: pending payment (a hosted payment not
    finished yet); ``on-hold``: waiting for a bank transfer; ``processing``: paid, to be
    shipped; ``completed``: shipped; ``cancelled``; ``refunded``: refunded in full; ``failed``:
    the payment failed."""

    PENDING = "pending"
    ON_HOLD = "on-hold"
    PROCESSING = "processing"
    COMPLETED = "completed"
    CANCELLED = "cancelled"
    REFUNDED = "refunded"
    FAILED = "failed"


class OrderAction(StrEnum):
    """What staff can do to an order (the ``action`` of an ``order_status_changes`` row)."""

    MARK_PAID = "mark_paid"
    MARK_SHIPPED = "mark_shipped"
    CANCEL = "cancel"
    REFUND = "refund"
    RESEND_MAIL = "resend_mail"


class RefusalCode(StrEnum):
    """Why an action was refused (the ``code`` of the 409 answer)."""

    ALREADY_PAID = "order_already_paid"
    NOT_PAYABLE = "order_not_payable"
    NOT_SHIPPABLE = "order_not_shippable"
    NOT_CANCELLABLE = "order_not_cancellable"
    NOT_REFUNDABLE = "order_not_refundable"
    REFUND_EXCEEDS_PAID = "refund_exceeds_paid"
    STATUS_CHANGED = "order_status_changed"


class OrderRefused(Conflict):
    """An action the order's current state does not allow (409, ``code`` a :class:`RefusalCode`)."""

    def __init__(self, code: RefusalCode, message: str) -> None:
        super().__init__(str(code), message)


class InvalidOrderAction(Invalid):
    """A request that can never pass as sent (422): ``refund_empty`` (nothing to refund),
    ``unknown_order_line`` (a line id not of this order), ``invalid_shipment`` (carrier or
    tracking number empty)."""


S = OrderStatus
PAID_STATUSES: frozenset[OrderStatus] = frozenset({S.PROCESSING, S.COMPLETED})
"""The statuses in which the buyer has paid and a refund is possible."""

TRANSITIONS: Mapping[OrderAction, tuple[frozenset[OrderStatus], OrderStatus | None]] = {
    OrderAction.MARK_PAID: (frozenset({S.PENDING, S.ON_HOLD}), S.PROCESSING),
    OrderAction.MARK_SHIPPED: (frozenset({S.PROCESSING}), S.COMPLETED),
    OrderAction.CANCEL: (frozenset({S.PENDING, S.ON_HOLD, S.PROCESSING}), S.CANCELLED),
    OrderAction.REFUND: (PAID_STATUSES, None),
    OrderAction.RESEND_MAIL: (frozenset(S), None),
}
"""``action -> (statuses it is allowed from, status it leads to or None: unchanged)``."""


def _status(value: str) -> OrderStatus:
    try:
        return OrderStatus(value)
    except ValueError:  # pragma: no cover - the orders table holds only these slugs
        return OrderStatus.FAILED


def allowed_actions(status: str) -> list[OrderAction]:
    """The actions allowed from ``status``, in table order (what the admin page offers)."""
    current = _status(status)
    return [action for action, (sources, _) in TRANSITIONS.items() if current in sources]


STATUS_CHANGED_MESSAGE = "This order was changed by someone else meanwhile. Reload it and try again."


def check_version(expected: int, actual: int) -> None:
    """Refuse (409 ``order_status_changed``) an action decided from version ``expected`` of an
    order that is at ``actual`` now: someone else changed it meanwhile."""
    if expected != actual:
        raise OrderRefused(RefusalCode.STATUS_CHANGED, STATUS_CHANGED_MESSAGE)


def decide(action: OrderAction, status: str) -> OrderStatus:
    """The status an order in ``status`` has after ``action`` (the same status for a refund or
    a resent mail; :func:`refund_status` decides whether a refund makes it ``refunded``).

    Raises :class:`OrderRefused`: ``order_already_paid`` (mark paid on a paid order),
    ``order_not_payable`` (cancelled, refunded, failed), ``order_not_shippable`` (not
    processing), ``order_not_cancellable`` (completed: shipped; or already cancelled or
    refunded), ``order_not_refundable`` (nothing paid yet, or already refunded in full)."""
    current = _status(status)
    sources, target = TRANSITIONS[action]
    if current in sources:
        return target or current
    if action is OrderAction.MARK_PAID:
        if current in PAID_STATUSES:
            raise OrderRefused(RefusalCode.ALREADY_PAID, f"This order is already paid ({current}).")
        raise OrderRefused(RefusalCode.NOT_PAYABLE, f"A {current} order cannot be marked as paid.")
    if action is OrderAction.MARK_SHIPPED:
        raise OrderRefused(
            RefusalCode.NOT_SHIPPABLE,
            f"Only a processing (paid) order can be shipped; this one is {current}.",
        )
    if action is OrderAction.CANCEL:
        why = "it has been shipped" if current is S.COMPLETED else f"it is {current}"
        raise OrderRefused(RefusalCode.NOT_CANCELLABLE, f"This order cannot be cancelled: {why}.")
    raise OrderRefused(
        RefusalCode.NOT_REFUNDABLE, f"Only a paid order can be refunded; this one is {current}."
    )


# ---- refunds -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class LineFacts:
    """An order line as a refund sees it: ``id``, ``count`` ordered, ``total`` paid for it
    (minor units, coupon discounts taken off) and ``refunded`` units so far."""

    id: int
    count: int
    total: int
    refunded: int = 0


@dataclass(frozen=True)
class RefundRequest:
    """What staff asked for: the whole order (``whole``) or ``quantities`` per line id; the
    line ids in ``restock`` get their refunded units back in stock."""

    whole: bool = False
    quantities: Mapping[int, int] | None = None
    restock: frozenset[int] = frozenset()


@dataclass(frozen=True)
class RefundLine:
    """One line of a refund: ``line_id``, ``quantity`` units, ``amount`` minor units, ``restock``."""

    line_id: int
    quantity: int
    amount: int
    restock: bool


@dataclass(frozen=True)
class RefundPlan:
    """A refund decided: ``lines``, ``shipping`` given back (minor units; only on a whole
    refund) and ``amount`` (lines plus shipping)."""

    lines: tuple[RefundLine, ...]
    shipping: int
    amount: int


def line_share(total: int, count: int, units: int) -> int:
    """What ``units`` of a line of ``count`` units costing ``total`` come to, rounded half up
    (minor units). Refunding a line piecewise sums to exactly its total:
    ``line_share(t, n, a + b) - line_share(t, n, a)`` is what ``b`` more units give back."""
    if count <= 0:
        return 0
    return half_up_div(total * units, count)


def plan_refund(
    lines: Sequence[LineFacts], request: RefundRequest, *, total: int, shipping: int, refunded: int
) -> RefundPlan:
    """Decide a refund of an order whose ``total`` and ``shipping`` (minor units) are as
    placed and of which ``refunded`` has been given back already.

    A whole refund gives back every unit not refunded yet and the shipping: exactly what is
    left of the total. A line refund gives back
    :func:`line_share` of each line's total (so coupon discounts stay taken off). Raises 409
    ``refund_exceeds_paid`` for more units than are left on a line or an amount beyond what is
    left to refund, 422 ``unknown_order_line`` for a line id not of the order, ``refund_empty``
    for a refund of nothing."""
    by_id = {line.id: line for line in lines}
    left = total - refunded
    if request.whole:
        quantities = {line.id: line.count - line.refunded for line in lines if line.count > line.refunded}
        shipping_back = shipping  # only a whole refund gives shipping back, so it is still there
    else:
        quantities = {int(k): int(v) for k, v in (request.quantities or {}).items() if int(v) != 0}
        shipping_back = 0
    planned: list[RefundLine] = []
    for line_id, quantity in quantities.items():
        line = by_id.get(line_id)
        if line is None:
            raise InvalidOrderAction("unknown_order_line", f"Order line {line_id} is not part of this order.")
        if quantity < 0 or quantity > line.count - line.refunded:
            raise OrderRefused(
                RefusalCode.REFUND_EXCEEDS_PAID,
                f"Line {line_id} has {line.count - line.refunded} unit(s) left to refund, not {quantity}.",
            )
        amount = line_share(line.total, line.count, line.refunded + quantity) - line_share(
            line.total, line.count, line.refunded
        )
        planned.append(RefundLine(line_id, quantity, amount, line_id in request.restock))
    # A whole refund gives back exactly what is left (the line shares and shipping add up to it).
    amount = left if request.whole else sum(p.amount for p in planned)
    if amount <= 0 and not planned:
        raise InvalidOrderAction("refund_empty", "Choose what to refund: the whole order or some units.")
    if amount > left:
        raise OrderRefused(
            RefusalCode.REFUND_EXCEEDS_PAID,
            f"Refunding {amount} minor units would exceed the {left} left of what was paid.",
        )
    return RefundPlan(tuple(planned), shipping_back, amount)


def refund_status(status: str, *, total: int, refunded_after: int) -> OrderStatus:
    """The status after a refund: ``refunded`` once ``refunded_after`` (everything given back,
    minor units) reaches ``total``; else unchanged (WooCommerce keeps a partly refunded order's
    status)."""
    return S.REFUNDED if refunded_after >= total else _status(status)
