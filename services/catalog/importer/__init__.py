"""Importers into the catalogue: WooCommerce product CSV exports (docs/spec.md section 3.1).

``woocommerce`` (entry point, report), ``csvfile`` (reading, header mapping), ``fields`` (cell
parsers), ``state`` and ``terms`` (what the shop holds, read once), ``products`` and
``variations`` (a row's planned writes), ``writer`` (the batch SQL), ``export`` (the reverse:
the catalogue in the exporter's format).
"""

from services.catalog.importer.woocommerce import ImportReport, import_products_csv

__all__ = ["ImportReport", "import_products_csv"]
