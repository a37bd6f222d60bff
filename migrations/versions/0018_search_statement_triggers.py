"""PostgreSQL search index: one refresh per statement for inserts and deletes (bulk writes)

Migration 0007's triggers refresh a product's search document once per inserted or deleted
row of ``products``, ``product_tags`` and ``product_categories``: a multi-row INSERT of 250
products with two tags and a category each ran 1,000 refreshes, four times the work of the
rows themselves (the WooCommerce importer's batches, docs/spec.md section 3.1, managed about
220 rows/s on PostgreSQL). Here the INSERT and DELETE triggers of those three tables become
statement-level triggers with transition tables: one ``product_search_refresh`` per statement
over the distinct product ids it touched. What is indexed and when it is current (at the end
of the writing statement, in the writer's transaction) do not change; the products UPDATE
trigger (on name, sku, short_description) and the tag and category rename triggers stay
row-level as before. PostgreSQL allows a transition table on a trigger of one event only, so
each event has its own trigger.

SQLite (row-level triggers only) is unchanged: its FTS5 refresh is cheap enough.

Revision ID: 0018
Revises: 0017
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FUNCTIONS = (
    """
    CREATE FUNCTION product_search_products_added() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM product_search_refresh(ARRAY(SELECT id FROM added));
      RETURN NULL;
    END $$
    """,
    """
    CREATE FUNCTION product_search_products_removed() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM product_search WHERE product_id IN (SELECT id FROM removed);
      RETURN NULL;
    END $$
    """,
    """
    CREATE FUNCTION product_search_links_added() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM product_search_refresh(ARRAY(SELECT DISTINCT product_id FROM added));
      RETURN NULL;
    END $$
    """,
    """
    CREATE FUNCTION product_search_links_removed() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM product_search_refresh(ARRAY(SELECT DISTINCT product_id FROM removed));
      RETURN NULL;
    END $$
    """,
    """
    CREATE FUNCTION product_search_links_changed() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM product_search_refresh(
        ARRAY(SELECT product_id FROM removed UNION SELECT product_id FROM added));
      RETURN NULL;
    END $$
    """,
)
SIGNATURES = (
    "product_search_products_added()",
    "product_search_products_removed()",
    "product_search_links_added()",
    "product_search_links_removed()",
    "product_search_links_changed()",
)

_STATEMENT = "FOR EACH STATEMENT EXECUTE FUNCTION"
NEW_TRIGGERS = {
    "product_search_products_ins": (
        "products",
        f"AFTER INSERT ON products REFERENCING NEW TABLE AS added {_STATEMENT} product_search_products_added()",
    ),
    "product_search_products_del": (
        "products",
        f"AFTER DELETE ON products REFERENCING OLD TABLE AS removed {_STATEMENT} product_search_products_removed()",
    ),
    "product_search_products_upd": (
        "products",
        "AFTER UPDATE OF id, name, sku, short_description ON products "
        "FOR EACH ROW EXECUTE FUNCTION product_search_products_trg()",
    ),
}
for _table in ("product_tags", "product_categories"):
    NEW_TRIGGERS[f"product_search_{_table}_ins"] = (
        _table,
        f"AFTER INSERT ON {_table} REFERENCING NEW TABLE AS added {_STATEMENT} product_search_links_added()",
    )
    NEW_TRIGGERS[f"product_search_{_table}_del"] = (
        _table,
        f"AFTER DELETE ON {_table} REFERENCING OLD TABLE AS removed {_STATEMENT} product_search_links_removed()",
    )
    NEW_TRIGGERS[f"product_search_{_table}_upd"] = (
        _table,
        f"AFTER UPDATE ON {_table} REFERENCING OLD TABLE AS removed NEW TABLE AS added "
        f"{_STATEMENT} product_search_links_changed()",
    )

# Migration 0007's row-level triggers these replace (recreated by the downgrade).
OLD_TRIGGERS = {
    "product_search_products": (
        "products",
        "AFTER INSERT OR DELETE OR UPDATE OF id, name, sku, short_description ON products "
        "FOR EACH ROW EXECUTE FUNCTION product_search_products_trg()",
    ),
    "product_search_product_tags": (
        "product_tags",
        "AFTER INSERT OR UPDATE OR DELETE ON product_tags FOR EACH ROW EXECUTE FUNCTION product_search_links_trg()",
    ),
    "product_search_product_categories": (
        "product_categories",
        "AFTER INSERT OR UPDATE OR DELETE ON product_categories "
        "FOR EACH ROW EXECUTE FUNCTION product_search_links_trg()",
    ),
}


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for name, (table, _body) in OLD_TRIGGERS.items():
        op.execute(f"DROP TRIGGER IF EXISTS {name} ON {table}")
    for statement in FUNCTIONS:
        op.execute(statement)
    for name, (_table, body) in NEW_TRIGGERS.items():
        op.execute(f"CREATE TRIGGER {name} {body}")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for name, (table, _body) in NEW_TRIGGERS.items():
        op.execute(f"DROP TRIGGER IF EXISTS {name} ON {table}")
    for signature in SIGNATURES:
        op.execute(f"DROP FUNCTION IF EXISTS {signature}")
    for name, (_table, body) in OLD_TRIGGERS.items():
        op.execute(f"CREATE TRIGGER {name} {body}")
