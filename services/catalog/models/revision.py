"""The catalogue revision: one counter bumped by every write to catalogue or content rows.

Read-through caches (``services/catalog/response_cache.py``) key their entries by it, so
any edit (seed, WooCommerce import, admin, stock change) invalidates every cached read.
"""

from __future__ import annotations

from sqlalchemy import Integer, Text
from sqlalchemy.orm import Mapped, mapped_column

from services.shared.db import Base


class CatalogRevision(Base):
    """Single row (id 1) holding the current catalogue ``revision``. ``stock_products``: when the
    change that set revision ``stock_revision`` moved only stock, the ids of the products whose
    stock moved ("1102,1201"), else None; it says nothing once ``revision`` has moved past
    ``stock_revision`` (a bump by hand). Written by ``services/catalog/revision.py``'s ``bump``."""

    __tablename__ = "catalog_revision"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    revision: Mapped[int] = mapped_column(Integer, default=1)
    stock_products: Mapped[str | None] = mapped_column(Text, nullable=True)
    stock_revision: Mapped[int | None] = mapped_column(Integer, nullable=True)
