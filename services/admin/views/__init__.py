"""Every admin view, in menu order. Catalogue and content writes bump the catalogue revision
through the ``before_flush`` hook of ``services/catalog/revision.py`` (every ORM session)."""

from __future__ import annotations

from services.admin.views.catalog import CATALOG_VIEWS
from services.admin.views.commerce import COMMERCE_VIEWS
from services.admin.views.configurator import CONFIGURATOR_VIEWS
from services.admin.views.content import CONTENT_VIEWS
from services.admin.views.orders import ORDER_VIEW_IDENTITIES, ORDER_VIEWS

ALL_VIEWS = [*CATALOG_VIEWS, *CONFIGURATOR_VIEWS, *CONTENT_VIEWS, *COMMERCE_VIEWS, *ORDER_VIEWS]

__all__ = ["ALL_VIEWS", "ORDER_VIEW_IDENTITIES"]
