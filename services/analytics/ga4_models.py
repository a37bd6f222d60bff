"""The ``ga4_events`` table: e-commerce events with GA4's names and parameters (docs/analytics.md).

One row per event: ``event_id`` (PK, derived from what caused it, so each is recorded exactly
once: ``purchase:<order id>``, ``begin_checkout:<cart id>:<cart version>``), ``name``
(``begin_checkout`` / ``purchase``), ``params`` (JSON with GA4 parameter names: ``currency``,
``value``, ``tax``, ``shipping``, ``coupon``, ``transaction_id``, ``items``; money as decimal
strings with two places, never floats) and ``created_at`` (UTC). No personal data.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from services.shared.db import Base

BEGIN_CHECKOUT = "begin_checkout"
PURCHASE = "purchase"
PAGE_VIEW = "page_view"  # docs/spec.md section 2: {page_location, page_title, page_referrer[, client_id]}


class Ga4Event(Base):
    """One GA4 e-commerce event (see the module docstring)."""

    __tablename__ = "ga4_events"

    event_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    params: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index("ix_ga4_events_name_created_at", "name", "created_at"),)


__all__ = ["BEGIN_CHECKOUT", "PAGE_VIEW", "PURCHASE", "Ga4Event"]
