"""The catalogue revision: one counter bumped by every write to catalogue or content rows.

Read-through caches (``services/catalog/response_cache.py``) key their entries by it, so
any edit (seed, WooCommerce import, admin, stock change) invalidates every cached read.
"""

from __future__ import annotations

from sqlalchemy import Integer
from sqlalchemy.orm import Mapped, mapped_column

from services.shared.db import Base


class CatalogRevision(Base):
    """Single row (id 1) holding the current catalogue ``revision``."""

    __tablename__ = "catalog_revision"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    revision: Mapped[int] = mapped_column(Integer, default=1)
