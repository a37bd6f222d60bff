"""Importers into the catalogue. ``woocommerce``: WooCommerce product CSV exports."""

from services.catalog.importer.woocommerce import ImportReport, import_products_csv

__all__ = ["ImportReport", "import_products_csv"]
