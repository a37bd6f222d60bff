"""The cart as a decider: ``decide(state, command, facts) -> list[Event] | Refusal``.

Pure: no I/O, no clock. The catalogue facts a command needs (product, recommender, country,
coupon) and the time coupons are checked at come in :class:`Facts`; commands, facts and
:class:`Refusal` are in ``services/cart/commands.py`` (re-exported here), a new line's fields in
``services/cart/lines.py``. The state is the immutable :class:`~services.cart.evolve.CartModel`,
and ``evolve`` (``services/cart/evolve.py``) folds the events back into it. The ``Cart`` aggregate (``services/cart/domain.py``) is a shell: each
command method builds a command, calls ``decide`` and records the events it returns. The
browser runs the same decisions (``webapp/src/features/cart/store/decider.ts``); the shared
vectors (``tests/vectors/cart_rules.json``) hold the events of every step.

Rules: docs/spec.md 4 (adding, counts, caps, the hand-off), 9 (prices, quantities 0..10),
10.1 and 10.2 (grouped and external products), 2.13 (configured products), 5 (coupons, through
``services/discounts/domain.py``). Money is integer minor units of the cart's currency.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, NoReturn

from services.cart import rules
from services.cart.commands import (
    AddItem,
    ApplyCoupon,
    CartCommand,
    ChangeCountry,
    CheckoutLine,
    ClearCart,
    Command,
    Facts,
    LineFacts,
    RecheckCoupons,
    RecordOrder,
    Refusal,
    Refused,
    RemoveCoupon,
    RemoveItem,
    SetCount,
    SetPaymentIntent,
    StartCheckout,
    UnknownCommand,
    refuse,
)
from services.cart.evolve import EMPTY, CartModel, Event, evolve, fold
from services.cart.facts import CountryFacts, ProductFacts
from services.cart.lines import chosen_options, configured, new_line, stock_of
from services.cart.types import (
    CartLine,
    ChosenOption,
    ConfigurationMeta,
    CouponLine,
    DiscountedTotals,
)
from services.discounts import domain as coupon_rules
from services.discounts.domain import CouponFacts, CouponRefusal, RefusalCode
from services.shared.errors import Invalid

# docs/spec.md 10.1 and 10.2: a grouped product is a page of its children, an external product
# is sold elsewhere; neither is ever a cart line.
GROUPED_MESSAGE = "{name} is a set of products: add the products in it one by one."
EXTERNAL_MESSAGE = "{name} is sold by another shop and cannot be added to the cart."
# Coupon refusals that no change of the cart can fix are 422; the others conflict with it (409).
COUPON_STATUS: dict[str, int] = {
    RefusalCode.NOT_FOUND: 422,
    RefusalCode.EXPIRED: 422,
    RefusalCode.EMAIL_RESTRICTED: 422,
}

__all__ = [
    "EMPTY",
    "AddItem",
    "ApplyCoupon",
    "CartCommand",
    "CartModel",
    "ChangeCountry",
    "CheckoutLine",
    "ClearCart",
    "Command",
    "Event",
    "Facts",
    "LineFacts",
    "RecheckCoupons",
    "RecordOrder",
    "Refusal",
    "RemoveCoupon",
    "RemoveItem",
    "SetCount",
    "SetPaymentIntent",
    "StartCheckout",
    "UnknownCommand",
    "decide",
    "evolve",
    "fold",
]


# ---- decide ----------------------------------------------------------------------------------------


class _Draft:
    """A command's events so far and the state after them (``evolve`` as they are emitted)."""

    def __init__(self, state: CartModel, command: Command) -> None:
        self.state = state
        self.events: list[Event] = []
        self.ctx = {"command_id": command.command_id, "request_hash": command.request_hash}

    def emit(self, type_: str, **data: Any) -> None:
        event = Event(type_, {**data, **self.ctx})
        self.events.append(event)
        self.state = evolve(self.state, event)


def decide(state: CartModel, command: CartCommand, facts: Facts) -> list[Event] | Refusal:
    """The events ``command`` records on a cart in ``state``, or its :class:`Refusal`.

    Each command follows its docs/events.md row; after every command but the coupon ones and
    ``RecordOrder``, when ``facts.now`` is set, the applied coupons are checked again
    (``CouponRemoved`` reason ``no_longer_valid``, docs/spec.md 5). Refusal codes and messages
    are those of docs/events.md "Rules applied" and "Coupons". Raises ``Invalid`` (422
    ``invalid_coupon_code``, nothing to record) for a coupon code containing ``@``."""
    draft = _Draft(state, command)
    try:
        _DECISIONS[type(command)](draft, command, facts)
        if facts.now is not None and not isinstance(command, _NOT_RECHECKED):
            _recheck(draft, facts.now)
    except Refused as refused:
        draft.emit("CommandRefused", code=refused.code, message=refused.message, status=refused.status)
        return Refusal(refused.code, refused.message, refused.status, tuple(draft.events))
    return draft.events


def refusal(state: CartModel, command: Command, code: str, message: str, status: int) -> Refusal:
    """A refusal decided outside the rules (``code``, ``message``, ``status`` 409/422) as
    ``decide`` answers one: its ``CommandRefused`` event carries the command's key."""
    draft = _Draft(state, command)
    draft.emit("CommandRefused", code=code, message=message, status=status)
    return Refusal(code, message, status, tuple(draft.events))


def _add(draft: _Draft, command: AddItem, facts: Facts) -> None:
    if facts.product is None:
        refuse("product_unavailable", "This product is not available.", 422)
    _add_product(draft, facts.product, list(command.configuration or ()), facts.recommender)


def _add_product(
    draft: _Draft, facts: ProductFacts, configuration: list[str], recommender: ProductFacts | None
) -> None:
    """docs/spec.md 4: one unit; every refusal comes before any event."""
    if facts.availability == "coming_soon":
        refuse("coming_soon", f"{facts.name} is coming soon and cannot be ordered yet.", 409)
    if facts.product_type == "grouped":
        refuse("grouped_product", GROUPED_MESSAGE.format(name=facts.name), 422)
    if facts.product_type == "external":
        refuse("external_product", EXTERNAL_MESSAGE.format(name=facts.name), 422)
    if not facts.sku:
        refuse("not_purchasable", f"{facts.name} cannot be bought online.", 422)
    if facts.product_type == "variable" and facts.variation_id is None:
        refuse("variation_required", f"Please choose a variation of {facts.name}.", 422)
    meta: ConfigurationMeta | None = None
    chosen: list[ChosenOption] | None
    if facts.configurator is not None:
        chosen, meta = configured(facts.configurator, configuration)
    else:
        chosen = chosen_options(facts, configuration) if configuration else None
    lines = draft.state.lines
    if chosen is None:
        existing = next(
            (
                line
                for line in lines
                if line["product_id"] == facts.product_id
                and line.get("variation_id") == facts.variation_id
                and not line.get("configuration")
            ),
            None,
        )
        if existing is not None:
            probe = [{**line, "stock": stock_of(facts)} if line is existing else line for line in lines]
            allowed = rules.cap(
                next(p for p in probe if p["line_id"] == existing["line_id"]), probe, raising=True
            )
            if existing["count"] + 1 > allowed:
                _refuse_cap(facts, allowed)
            count = existing["count"] + 1
            draft.emit(
                "ItemCountSet",
                line_id=existing["line_id"],
                count=count,
                requested=count,
                reason="added",
                stock=stock_of(facts),
            )
            _normalize(draft)
            return
    line = new_line(draft.state, facts, chosen, recommender)
    if meta is not None:
        line["configuration_meta"] = meta
    if rules.cap(line, [*lines, line]) < 1:
        _refuse_cap(facts, 0)
    draft.emit("ItemAdded", line=line)
    _normalize(draft)


def _refuse_cap(facts: ProductFacts, allowed: int) -> NoReturn:
    if allowed <= 0 and rules.stock_limit(stock_of(facts)) == 0:
        refuse("out_of_stock", f"{facts.name} is out of stock.", 409)
    refuse("count_capped", f"You already have the most of {facts.name} we can sell you.", 409)


def _normalize(draft: _Draft) -> None:
    """docs/spec.md 4 "Count limits": counts that break a cap after an action are clamped."""
    probe: Any = [dict(line) for line in draft.state.lines]
    for line_id, count in rules.normalize(probe):
        draft.emit("ItemCountSet", line_id=line_id, count=count, requested=count, reason="capped", stock=None)


def _line_orrefuse(state: CartModel, line_id: str) -> CartLine:
    line = state.line(line_id)
    if line is None:
        refuse("line_not_found", "That item is no longer in your cart.", 409)
    return line


def _set_count(draft: _Draft, command: SetCount, facts: Facts) -> None:
    """docs/spec.md 9 (0..10; 0 keeps the line) and 4 (clamped to the line's cap)."""
    line = _line_orrefuse(draft.state, command.line_id)
    count = command.count
    if not 0 <= count <= rules.MAX_COUNT:
        refuse("invalid_count", f"Choose a quantity from 0 to {rules.MAX_COUNT}.", 422)
    stock = stock_of(facts.product) if facts.product is not None else line["stock"]
    probe: Any = [{**other, "stock": stock} if other is line else other for other in draft.state.lines]
    allowed = rules.cap(next(p for p in probe if p["line_id"] == command.line_id), probe, raising=True)
    applied = min(count, allowed)
    reason = "set" if applied == count else "capped"
    draft.emit(
        "ItemCountSet", line_id=command.line_id, count=applied, requested=count, reason=reason, stock=stock
    )
    _normalize(draft)


def _remove(draft: _Draft, command: RemoveItem, facts: Facts) -> None:
    """docs/spec.md 4: removing a recommender's last line clears its recommended lines' discount."""
    line = _line_orrefuse(draft.state, command.line_id)
    product_id = line["product_id"]
    lines = draft.state.lines
    still_there = rules.count_of([x for x in lines if x["line_id"] != command.line_id], product_id) > 0
    cleared = (
        []
        if still_there
        else [x["line_id"] for x in lines if x.get("recommended_by") == product_id and x.get("use_discount")]
    )
    draft.emit("ItemRemoved", line_id=command.line_id, product_id=product_id, discount_cleared=cleared)
    _normalize(draft)


def _change_country(draft: _Draft, command: ChangeCountry, facts: Facts) -> None:
    """docs/spec.md 4 and 9: the country sets the currency and the tax shown."""
    country = facts.country
    if country is None:
        refuse("unknown_country", "We do not ship to that country.", 422)
    draft.emit(
        "CountrySet",
        code=country.code,
        name=country.name,
        currency=country.currency,
        tax_name=country.tax_name,
        tax_rate_bp=country.tax_rate_bp,
    )


def _set_payment_intent(draft: _Draft, command: SetPaymentIntent, facts: Facts) -> None:
    if command.intent not in rules.PAYMENT_INTENTS:
        refuse("invalid_payment_intent", "Please choose a payment method we offer.", 422)
    draft.emit("PaymentIntentSet", intent=command.intent)


def _clear(draft: _Draft, command: ClearCart, facts: Facts) -> None:
    draft.emit("Cleared")


def _record_order(draft: _Draft, command: RecordOrder, facts: Facts) -> None:
    draft.emit("OrderPlaced", order_id=command.order_id, total=command.total, currency=command.currency)


def _replace_lines(
    draft: _Draft, items: Sequence[tuple[ProductFacts | None, list[str] | None, ProductFacts | None, int]]
) -> list[int]:
    """docs/spec.md 4, the hand-off: ``Cleared``, then per item ``(facts, configuration,
    recommender, count)`` with a count above 0 what adding it records, then its count (capped
    like ``SetCount``). Items the add rules refuse are left out: their indexes are returned."""
    draft.emit("Cleared")
    skipped = []
    for index, (facts, configuration, recommender, count) in enumerate(items):
        if count <= 0:
            continue
        if facts is None:
            skipped.append(index)
            continue
        state, emitted = draft.state, len(draft.events)
        before = {line["line_id"]: line["count"] for line in state.lines}
        try:
            _add_product(draft, facts, list(configuration or ()), recommender)
        except Refused:
            draft.state, draft.events[emitted:] = state, []
            skipped.append(index)
            continue
        line = next(
            (x for x in draft.state.lines if x["line_id"] not in before or x["count"] > before[x["line_id"]]),
            None,
        )
        if line is not None and count > 1:
            wanted = min(rules.MAX_COUNT, before.get(line["line_id"], 0) + count)
            _set_count(draft, SetCount(line["line_id"], wanted), Facts(product=facts))
    return skipped


def _start_checkout(draft: _Draft, command: StartCheckout, facts: Facts) -> None:
    """docs/spec.md 4: the hand-off records the lines and totals the shopper confirmed; 409
    ``cart_empty`` when no line has a count above 0 (before anything is cleared)."""
    if command.lines is not None:
        if not any(line.count > 0 for line in command.lines):
            refuse("cart_empty", "Your cart is empty.", 409)
        looked_up = list(facts.lines) + [LineFacts()] * (len(command.lines) - len(facts.lines))
        items = [
            (
                found.product,
                list(line.configuration) if line.configuration else None,
                found.recommender,
                line.count,
            )
            for line, found in zip(command.lines, looked_up, strict=False)
        ]
        _replace_lines(draft, items)
    if facts.now is not None:
        _recheck(draft, facts.now)
    state = draft.state
    lines = [line for line in state.lines if line["count"] > 0]
    if not lines:
        refuse("cart_empty", "Your cart is empty.", 409)
    draft.emit("CheckoutStarted", lines=lines, totals=totals(state), coupons=coupon_lines(state))


# ---- coupons (docs/spec.md 5) -------------------------------------------------------------------------


def check_code(code: str) -> None:
    """Our coupon codes never contain ``@``; such a "code" is most likely an email address, and
    refusals echo the code into ``CommandRefused``: raises ``Invalid`` 422 ``invalid_coupon_code``
    before anything is recorded (docs/events.md, "What events never hold")."""
    if "@" in code:
        raise Invalid("invalid_coupon_code", "A coupon code never contains '@'. Please check the code.")


def _refuse_coupon(refusal: CouponRefusal) -> NoReturn:
    refuse(str(refusal.code), refusal.message, COUPON_STATUS.get(refusal.code, 409))


def coupon_facts(state: CartModel) -> list[CouponFacts]:
    """The applied coupons' facts as recorded when they were applied, in that order."""
    return [CouponFacts.from_record(record) for record in state.coupons]


def _apply_coupon(draft: _Draft, command: ApplyCoupon, facts: Facts) -> None:
    """docs/spec.md 5: refused when unknown, already applied, failing ``coupon_rules.check`` on
    this cart at ``facts.now`` or the individual-use rule; the email rules run at checkout."""
    check_code(command.code)
    coupon = facts.coupon
    if coupon is None:
        _refuse_coupon(coupon_rules.not_found(command.code))
    applied = coupon_facts(draft.state)
    if any(c.code == coupon.code for c in applied):
        _refuse_coupon(coupon_rules.already_applied(coupon))
    if facts.now is None:
        raise ValueError("apply_coupon needs the time (Facts.now)")
    view = rules.coupon_view(draft.state.lines, draft.state.currency)
    problem = coupon_rules.check(coupon, view, email=None, now=facts.now) or coupon_rules.check_with_applied(
        coupon, applied
    )
    if problem is not None:
        _refuse_coupon(problem)
    draft.emit("CouponApplied", code=coupon.code, coupon=coupon.to_record())


def _remove_coupon(draft: _Draft, command: RemoveCoupon, facts: Facts) -> None:
    check_code(command.code)
    wanted = coupon_rules.normalize_code(command.code)
    if not any(record["code"] == wanted for record in draft.state.coupons):
        _refuse_coupon(coupon_rules.not_applied(command.code))
    draft.emit("CouponRemoved", code=wanted, reason="shopper", refusal_code=None, message=None)


def _recheck(draft: _Draft, now: datetime) -> None:
    """Each applied coupon that stopped applying to the cart as it is now is removed
    (``CouponRemoved`` reason ``no_longer_valid`` with the refusal a shopper would get)."""
    if not draft.state.coupons:
        return
    view = rules.coupon_view(draft.state.lines, draft.state.currency)
    kept: list[CouponFacts] = []
    for coupon in coupon_facts(draft.state):
        problem = coupon_rules.check(coupon, view, email=None, now=now) or coupon_rules.check_with_applied(
            coupon, kept
        )
        if problem is None:
            kept.append(coupon)
        else:
            draft.emit(
                "CouponRemoved",
                code=coupon.code,
                reason="no_longer_valid",
                refusal_code=str(problem.code),
                message=problem.message,
            )


def _recheck_command(draft: _Draft, command: RecheckCoupons, facts: Facts) -> None:
    if facts.now is None:
        raise ValueError("recheck_coupons needs the time (Facts.now)")
    _recheck(draft, facts.now)


def _unknown(draft: _Draft, command: UnknownCommand, facts: Facts) -> None:
    refuse("unknown_command", f"Unknown cart command {command.kind!r}.", 422)


# ---- what the cart shows (used by CheckoutStarted and the aggregate's queries) ---------------------------


def discounts(state: CartModel) -> dict[str, Any]:
    """``coupon_rules.discounts`` of the applied coupons on the cart (minor units):
    ``{per_line, per_coupon, total, free_shipping}``."""
    return coupon_rules.discounts(coupon_facts(state), rules.coupon_view(state.lines, state.currency))


def totals(state: CartModel) -> DiscountedTotals:
    """Totals in the cart's currency after the applied coupons (``rules.totals`` then
    ``rules.with_discount``; minor units, docs/spec.md 9 and 5)."""
    base = rules.totals(state.lines, state.currency, state.tax_rate_bp)
    discount = discounts(state)["total"] if state.coupons else 0
    return rules.with_discount(base, discount, state.tax_rate_bp)


def coupon_lines(state: CartModel) -> list[CouponLine]:
    """The applied coupons as the shopper sees them: ``{code, discount_type, amount, discount,
    free_shipping}``; ``amount`` in hundredths of a percent for ``percent``, else minor units of
    the cart's currency; ``discount`` minor units taken off (docs/spec.md 5)."""
    facts = coupon_facts(state)
    if not facts:
        return []
    taken = discounts(state)["per_coupon"]
    return [
        {
            "code": c.code,
            "discount_type": str(c.discount_type),
            "amount": c.amount_in(state.currency),
            "discount": taken.get(c.code, 0),
            "free_shipping": c.free_shipping,
        }
        for c in facts
    ]


_NOT_RECHECKED = (ApplyCoupon, RemoveCoupon, RecheckCoupons, RecordOrder, StartCheckout, UnknownCommand)
_DECISIONS: dict[type[Command], Any] = {
    AddItem: _add,
    SetCount: _set_count,
    RemoveItem: _remove,
    ChangeCountry: _change_country,
    SetPaymentIntent: _set_payment_intent,
    ClearCart: _clear,
    StartCheckout: _start_checkout,
    ApplyCoupon: _apply_coupon,
    RemoveCoupon: _remove_coupon,
    RecheckCoupons: _recheck_command,
    RecordOrder: _record_order,
    UnknownCommand: _unknown,
}


def replace_lines(
    state: CartModel,
    items: Sequence[tuple[ProductFacts | None, list[str] | None, ProductFacts | None, int]],
    command: Command,
) -> tuple[list[Event], list[int]]:
    """docs/spec.md 4, the hand-off without its ``CheckoutStarted``: ``Cleared``, then per item
    ``(facts, configuration, recommender, count)`` with a count above 0 what ``AddItem`` records,
    then its count (``ItemCountSet``, capped like ``SetCount``). Items the add rules refuse
    (unknown or coming-soon product, no SKU, unavailable configuration, nothing allowed) are
    left out: returns the events and the indexes of the skipped items."""
    draft = _Draft(state, command)
    skipped = _replace_lines(draft, items)
    return draft.events, skipped


def started(country: CountryFacts) -> Event:
    """The ``Started`` event of a new cart shipping to ``country``."""
    return Event(
        "Started",
        {
            "country": country.code,
            "country_name": country.name,
            "currency": country.currency,
            "tax_name": country.tax_name,
            "tax_rate_bp": country.tax_rate_bp,
        },
    )
