"""Request bodies of the staff order API (``staff_endpoints.py``; docs/checkout.md "Order
workflow"). Each action carries the order's ``version`` the staff member decided from (409
``order_status_changed`` when the order moved on meanwhile)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from services.shared.ids import MAX_ID

Version = Field(ge=0, le=MAX_ID, description="The order's version as the staff member saw it.")
Note = Field(
    default="",
    max_length=2000,
    description="A note for the order's history, kept apart from what the shop writes there and blanked when the buyer's personal data is erased.",
)


class ActionIn(BaseModel):
    """Mark paid or cancel: the ``version`` decided from and an optional ``note``."""

    model_config = ConfigDict(extra="forbid")
    version: int = Version
    note: str = Note


class ShipIn(ActionIn):
    """Mark shipped: ``carrier`` and ``tracking_number`` (1 to 100 characters each)."""

    carrier: str = Field(min_length=1, max_length=100)
    tracking_number: str = Field(min_length=1, max_length=100)


class RefundLineIn(BaseModel):
    """``quantity`` units of order line ``line_id``; ``restock`` puts them back in stock."""

    model_config = ConfigDict(extra="forbid")
    line_id: int = Field(ge=1, le=MAX_ID)
    quantity: int = Field(ge=0, le=1_000_000)
    restock: bool = False


class RefundIn(BaseModel):
    """A refund: ``whole`` (everything left, shipping included) or ``lines``; ``restock`` on a
    whole refund lists the line ids to put back in stock. Amounts are decided by the server."""

    model_config = ConfigDict(extra="forbid")
    version: int = Version
    whole: bool = False
    lines: list[RefundLineIn] = Field(default_factory=list, max_length=500)
    restock: list[int] = Field(default_factory=list, max_length=500)
    reason: str = Field(default="", max_length=500)
