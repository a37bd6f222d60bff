"""full-text search index over products (SQLite FTS5, PostgreSQL tsvector)

One searchable document per product: name and SKU (weight A), tag and category names
(weight B) and the short description (weight C). ``services/catalog/search.py`` queries it.

How the index stays current: database triggers, on both dialects, so every writer (the
WooCommerce importer, the demo seed, staff edits, bulk SQL, a psql session) keeps it in step
in the writer's own transaction, with no application hook to forget:

- ``products`` insert / delete / update of name, sku or short_description,
- ``product_tags`` and ``product_categories`` insert / update / delete (also the cascades
  from deleting a product, tag or category),
- ``tags`` and ``categories`` update of name (every product carrying the term).

Published/hidden state is not indexed: the query joins ``products`` and filters there, so a
status change never needs the index.

SQLite: ``products_fts``, an FTS5 table with its own copy of the text (a contentless table
cannot delete rows before SQLite 3.43; the catalogue is small), ``rowid`` = product id,
``porter unicode61`` tokenizer (English stemming like PostgreSQL's ``english`` config).
Simple HTML tags the content system wraps descriptions in (``<p>``, ``<br>``, ...) are
replaced by spaces before indexing. FTS5's shadow tables (``products_fts_data``, ...) are not
in ``Base.metadata`` and ``services.shared.migrate.include_name`` already leaves tables
outside it to their owners, so the model comparison ignores them.

PostgreSQL: ``product_search(product_id PK, document tsvector)`` with a GIN index, the
document built by ``product_search_refresh(ids)`` (PL/pgSQL) with ``setweight`` per field
and the ``english`` configuration (its parser skips HTML tags). A side table rather than a
column of ``products``: a tsvector column cannot be ``GENERATED`` from other tables (tags,
categories), and keeping ``products`` identical on both dialects keeps the model simple.

Caution for later migrations: on SQLite, ``batch_alter_table("products")`` (and the other
tables above) recreates the table and DROPS ITS TRIGGERS; such a migration must call this
module's ``create_sqlite_triggers`` again (tests/catalog/test_search.py would catch the stale
index).

Revision ID: 0007
Revises: 0006
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# --------------------------------------------------------------------------------- SQLite

_HTML_TAGS = ("<p>", "</p>", "<br>", "<br/>", "<br />", "<strong>", "</strong>", "<em>", "</em>",
              "<ul>", "</ul>", "<li>", "</li>", "&nbsp;")  # fmt: skip


def _strip_simple_html(expr: str) -> str:
    for tag in _HTML_TAGS:
        expr = f"replace({expr}, '{tag}', ' ')"
    return expr


def _sqlite_refresh_statements(ids: str) -> tuple[str, str]:
    """The two statements that rebuild the FTS rows of the products whose ids ``ids`` (an SQL
    list expression such as ``(new.id)`` or ``(SELECT ...)``) names; deleted ones drop out."""
    delete = f"DELETE FROM products_fts WHERE rowid IN {ids}"
    insert = f"""
    INSERT INTO products_fts (rowid, name, sku, tags, categories, short_description)
    SELECT p.id, p.name, coalesce(p.sku, ''),
           coalesce((SELECT group_concat(t.name, ' ') FROM product_tags pt
                     JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = p.id), ''),
           coalesce((SELECT group_concat(c.name, ' ') FROM product_categories pc
                     JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = p.id), ''),
           {_strip_simple_html("coalesce(p.short_description, '')")}
    FROM products p WHERE p.id IN {ids}
    """
    return delete, insert


def _sqlite_refresh(ids: str) -> str:
    """The refresh as one trigger body fragment (statements ending in ``;``)."""
    return "".join(f"{statement};\n" for statement in _sqlite_refresh_statements(ids))


SQLITE_TRIGGERS = {
    "products_fts_ai": f"AFTER INSERT ON products BEGIN {_sqlite_refresh('(new.id)')} END",
    "products_fts_au": (
        "AFTER UPDATE OF id, name, sku, short_description ON products BEGIN "
        f"DELETE FROM products_fts WHERE rowid = old.id; {_sqlite_refresh('(new.id)')} END"
    ),
    "products_fts_ad": "AFTER DELETE ON products BEGIN DELETE FROM products_fts WHERE rowid = old.id; END",
    "product_tags_fts_ai": f"AFTER INSERT ON product_tags BEGIN {_sqlite_refresh('(new.product_id)')} END",
    "product_tags_fts_ad": f"AFTER DELETE ON product_tags BEGIN {_sqlite_refresh('(old.product_id)')} END",
    "product_tags_fts_au": (
        f"AFTER UPDATE ON product_tags BEGIN {_sqlite_refresh('(old.product_id, new.product_id)')} END"
    ),
    "product_categories_fts_ai": (
        f"AFTER INSERT ON product_categories BEGIN {_sqlite_refresh('(new.product_id)')} END"
    ),
    "product_categories_fts_ad": (
        f"AFTER DELETE ON product_categories BEGIN {_sqlite_refresh('(old.product_id)')} END"
    ),
    "product_categories_fts_au": (
        f"AFTER UPDATE ON product_categories BEGIN {_sqlite_refresh('(old.product_id, new.product_id)')} END"
    ),
    "tags_fts_au": (
        "AFTER UPDATE OF name ON tags BEGIN "
        f"{_sqlite_refresh('(SELECT product_id FROM product_tags WHERE tag_id = new.id)')} END"
    ),
    "categories_fts_au": (
        "AFTER UPDATE OF name ON categories BEGIN "
        f"{_sqlite_refresh('(SELECT product_id FROM product_categories WHERE category_id = new.id)')} END"
    ),
}


def create_sqlite_triggers() -> None:
    """(Re)create the triggers that keep ``products_fts`` current."""
    for name, body in SQLITE_TRIGGERS.items():
        op.execute(f"DROP TRIGGER IF EXISTS {name}")
        op.execute(f"CREATE TRIGGER {name} {body}")


def _upgrade_sqlite() -> None:
    op.execute(
        "CREATE VIRTUAL TABLE products_fts USING fts5("
        "name, sku, tags, categories, short_description, tokenize = 'porter unicode61')"
    )
    for statement in _sqlite_refresh_statements("(SELECT id FROM products)"):
        op.execute(statement)
    create_sqlite_triggers()


def _downgrade_sqlite() -> None:
    for name in SQLITE_TRIGGERS:
        op.execute(f"DROP TRIGGER IF EXISTS {name}")
    op.execute("DROP TABLE IF EXISTS products_fts")


# ----------------------------------------------------------------------------- PostgreSQL

PG_FUNCTIONS = (
    """
    CREATE FUNCTION product_search_refresh(ids integer[]) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM product_search s
       WHERE s.product_id = ANY(ids) AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = s.product_id);
      INSERT INTO product_search (product_id, document)
      SELECT p.id,
             setweight(to_tsvector('english', coalesce(p.name, '')), 'A')
          || setweight(to_tsvector('english', coalesce(p.sku, '')), 'A')
          || setweight(to_tsvector('english', coalesce(
                 (SELECT string_agg(t.name, ' ') FROM product_tags pt JOIN tags t ON t.id = pt.tag_id
                   WHERE pt.product_id = p.id), '')), 'B')
          || setweight(to_tsvector('english', coalesce(
                 (SELECT string_agg(c.name, ' ') FROM product_categories pc
                    JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = p.id), '')), 'B')
          || setweight(to_tsvector('english', coalesce(p.short_description, '')), 'C')
        FROM products p
       WHERE p.id = ANY(ids)
      ON CONFLICT (product_id) DO UPDATE SET document = EXCLUDED.document;
    END $$
    """,
    """
    CREATE FUNCTION product_search_products_trg() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        DELETE FROM product_search WHERE product_id = OLD.id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM product_search_refresh(ARRAY[NEW.id]);
      END IF;
      RETURN NULL;
    END $$
    """,
    """
    CREATE FUNCTION product_search_links_trg() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        PERFORM product_search_refresh(ARRAY[OLD.product_id]);
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM product_search_refresh(ARRAY[NEW.product_id]);
      END IF;
      RETURN NULL;
    END $$
    """,
    """
    CREATE FUNCTION product_search_tags_trg() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM product_search_refresh(ARRAY(SELECT product_id FROM product_tags WHERE tag_id = NEW.id));
      RETURN NULL;
    END $$
    """,
    """
    CREATE FUNCTION product_search_categories_trg() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM product_search_refresh(
        ARRAY(SELECT product_id FROM product_categories WHERE category_id = NEW.id));
      RETURN NULL;
    END $$
    """,
)

PG_TRIGGERS = {
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
    "product_search_tags": (
        "tags",
        "AFTER UPDATE OF name ON tags FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) "
        "EXECUTE FUNCTION product_search_tags_trg()",
    ),
    "product_search_categories": (
        "categories",
        "AFTER UPDATE OF name ON categories FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) "
        "EXECUTE FUNCTION product_search_categories_trg()",
    ),
}

PG_FUNCTION_SIGNATURES = (
    "product_search_products_trg()",
    "product_search_links_trg()",
    "product_search_tags_trg()",
    "product_search_categories_trg()",
    "product_search_refresh(integer[])",
)


def _upgrade_postgresql() -> None:
    op.execute("CREATE TABLE product_search (product_id integer PRIMARY KEY, document tsvector NOT NULL)")
    op.execute("CREATE INDEX ix_product_search_document ON product_search USING gin (document)")
    for statement in PG_FUNCTIONS:
        op.execute(statement)
    op.execute("SELECT product_search_refresh(ARRAY(SELECT id FROM products))")
    for name, (_table, body) in PG_TRIGGERS.items():
        op.execute(f"CREATE TRIGGER {name} {body}")


def _downgrade_postgresql() -> None:
    for name, (table, _body) in PG_TRIGGERS.items():
        op.execute(f"DROP TRIGGER IF EXISTS {name} ON {table}")
    for signature in PG_FUNCTION_SIGNATURES:
        op.execute(f"DROP FUNCTION IF EXISTS {signature}")
    op.execute("DROP TABLE IF EXISTS product_search")


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        _upgrade_postgresql()
    else:
        _upgrade_sqlite()


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        _downgrade_postgresql()
    else:
        _downgrade_sqlite()
