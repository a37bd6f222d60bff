"""Response shapes of the support console API (``/api/support``; docs/support.md, docs/spec.md
section 2.14). Documentation only (``services.shared.routing.documented``): the endpoints send
the documents the service built. Money: integer minor units of the named currency; times:
ISO 8601 UTC text."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from services.cart.types import CartState

MatchKind = Literal["reference", "order", "email", "coupon", "sku"]


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SearchResultOut(_Out):
    """A cart a search found: how (``matched_by``, in the order reference, order, email,
    coupon, sku), its reference, activity span, last version, lines, items, ``total`` (minor
    units of ``currency``, after coupons), country, whether checkout started, order numbers."""

    cart_id: str
    reference: str
    matched_by: list[MatchKind]
    first_activity: str
    last_activity: str
    version: int
    line_count: int
    item_count: int
    total: int
    currency: Literal["EUR", "USD"]
    country: str
    checkout_started: bool
    order_numbers: list[str]


class SearchOut(_Out):
    """``GET /api/support/carts``: the trimmed ``query`` and up to 50 ``results``, newest
    ``last_activity`` first."""

    query: str
    results: list[SearchResultOut]


class RefusalOut(_Out):
    """What the shopper was told when a command was refused: ``code``, ``message``, HTTP ``status``."""

    code: str
    message: str
    status: int


class TimelineChangeOut(_Out):
    """One difference from the previous state: ``path`` (``"lines.L1.count"``,
    ``"totals.total"``...), ``before`` and ``after`` (None when the thing did not exist)."""

    path: str
    before: Any
    after: Any


class TimelineEntryOut(_Out):
    """One event and the cart after it: ``version`` (1-based), ``at``, ``event_type``,
    ``actor`` (shopper, staff or system), ``command_id``, a plain ``description``, the
    ``refusal`` of a ``CommandRefused``, the ``order_id`` of an ``OrderPlaced``, ``state`` (the
    cart API's ``cart`` at that version) and ``diff`` from the version before."""

    version: int
    at: str
    event_type: str
    actor: Literal["shopper", "staff", "system"]
    command_id: str | None
    description: str
    refusal: RefusalOut | None
    order_id: str | None
    state: CartState
    diff: list[TimelineChangeOut]


class CustomerOut(_Out):
    """The buyer of an order, from ``order_customers`` (erasable)."""

    email: str
    first_name: str
    last_name: str


class SupportOrderOut(_Out):
    """An order placed from the cart: ``number``, ``status``, ``total`` (minor units of
    ``currency``), the ``cart_version`` it was placed at, ``date_created``, ``customer`` (None
    once the personal data was erased) and ``erased``."""

    number: str
    status: str
    total: int
    currency: Literal["EUR", "USD"]
    cart_version: int
    date_created: str
    customer: CustomerOut | None
    erased: bool


class PriceNowOut(_Out):
    """A price in one currency, minor units: ``regular`` and ``sale`` (None when not on sale)."""

    regular: int
    sale: int | None


class TodayPriceOut(_Out):
    """Today's catalogue price of a product seen in the cart (``available`` False, prices None,
    when the catalogue no longer sells it)."""

    product_id: int
    variation_id: int | None
    available: bool
    eur: PriceNowOut | None
    usd: PriceNowOut | None


class TimelineOut(_Out):
    """``GET /api/support/carts/{ref}/timeline`` (and the JSON export): the cart's id and
    reference, its last ``version``, the ``selected_version`` (``version``, else ``at``'s,
    else the last), first and last activity, every ``entries`` from version 1, its ``orders``
    and ``today``'s prices of the products it held."""

    cart_id: str
    reference: str
    version: int
    selected_version: int
    first_activity: str
    last_activity: str
    entries: list[TimelineEntryOut]
    orders: list[SupportOrderOut]
    today: list[TodayPriceOut]


class AuditEntryOut(_Out):
    """One look at the console: who (``staff_id``; ``staff_email``/``staff_role`` from the
    account today, None when gone or from the command line), ``channel`` (api, cli), ``view``
    (search, timeline, export_json, export_csv), the cart and version shown, the search
    ``query`` (``"[email]"`` when it held an address) and ``result_count``."""

    id: int
    at: str
    staff_id: int | None
    staff_email: str | None
    staff_role: str | None
    channel: Literal["api", "cli"]
    view: Literal["search", "timeline", "export_json", "export_csv"]
    cart_id: str | None
    reference: str | None
    version: int | None
    query: str | None
    result_count: int | None


class AuditOut(_Out):
    """``GET /api/support/audit``: ``entries`` newest first; ``next_before_id`` for the next
    page (None on the last)."""

    entries: list[AuditEntryOut]
    next_before_id: int | None


class AmbiguousReferenceOut(_Out):
    """409 ``ambiguous_reference``: several carts share the reference; ``candidates`` are their ids."""

    code: str
    message: str
    candidates: list[str]
