"""Ranked full-text product search (docs/spec.md sections 2 "Search page" and 7 ``GET ../search/{query}``).

One entry point, :func:`search_products`, with the dialect-specific SQL inside: SQLite's FTS5
table ``products_fts`` (``bm25`` ranking) or PostgreSQL's ``product_search.document``
tsvector (``ts_rank`` over ``setweight`` weights). Both are created and kept current by
database triggers (migration ``0007_search_index``), so importer, seed and staff writes need
no hook here.

Query handling, the same on both databases:
- the visitor's text is split into words of letters and digits (at most ``MAX_TERMS``);
  everything else (``"``, ``*``, ``:``, ``-``, ``(``, ``^``, ...) is a separator, so no FTS
  syntax reaches the engine, and each word is quoted (FTS5) or passed as one lexeme
  (``to_tsquery``); ``OR``/``AND``/``NOT``/``NEAR`` are plain words;
- every word must match (AND); the last word matches as a prefix, so typing "sko" finds
  "Skoll"; English stemming on both ("keyboards" finds "Keyboard");
- a product whose SKU (or one of whose published variations' SKU) equals the whole query,
  ignoring case, comes first, even when the words would not match;
- weights: name and SKU most, then tag and category names, then the short description;
  ties by name, then id;
- only visible (``publish`` by default) products not flagged ``hide_product`` and whose
  ``catalog_visibility`` is ``visible`` or ``search`` (docs/spec.md section 10.5).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from sqlalchemy import TextClause, bindparam, text
from sqlalchemy.orm import Session

MAX_TERMS = 8
MAX_LIMIT = 100
_WORD = re.compile(r"[^\W_]+")

# PostgreSQL's ``english`` stop words (tsearch_data/english.stop). PostgreSQL leaves them out of
# the index and out of queries; dropping them here (except the last, still-typed word) makes
# SQLite answer the same way ("headset for streaming" needs "headset" and "streaming" only).
STOP_WORDS = frozenset(
    """
    i me my myself we our ours ourselves you your yours yourself yourselves he him his himself
    she her hers herself it its itself they them their theirs themselves what which who whom
    this that these those am is are was were be been being have has had having do does did
    doing a an the and but if or because as until while of at by for with about against between
    into through during before after above below to from up down in out on off over under again
    further then once here there when where why how all any both each few more most other some
    such no nor not only own same so than too very s t can will just don should now
    """.split()
)

# bm25 column weights in the FTS5 column order: name, sku, tags, categories, short_description.
FTS5_WEIGHTS = (10.0, 10.0, 4.0, 4.0, 1.0)


def query_terms(query: str) -> list[str]:
    """The lower-cased words of ``query`` (letters and digits only) without stop words, except
    the last word (a prefix still being typed), at most ``MAX_TERMS``."""
    words = [word.lower() for word in _WORD.findall(query)]
    if not words:
        return []
    kept = [word for word in words[:-1] if word not in STOP_WORDS]
    return [*kept, words[-1]][-MAX_TERMS:]


def fts5_match(terms: Sequence[str]) -> str:
    """An FTS5 MATCH expression: every term quoted, the last one a prefix (``"a" "sko"*``).

    Terms come from :func:`query_terms` (no ``"`` inside), so the expression has no operator,
    column filter or NEAR group the visitor typed."""
    quoted = [f'"{term}"' for term in terms]
    quoted[-1] += "*"
    return " ".join(quoted)


def tsquery_text(terms: Sequence[str]) -> tuple[str, str | None]:
    """``to_tsquery`` texts ``(english, simple_prefix)``: the terms joined by ``&`` with the last
    one a prefix (``a & sko:*``), for the ``english`` configuration. A last word that is a stop
    word would be dropped by ``english``, so it goes apart as ``simple_prefix`` (``the:*``,
    unstemmed) and ``english`` holds the others (possibly ``""``). Terms are letters and
    digits only, so no tsquery operator can be injected."""
    *head, last = terms
    if last in STOP_WORDS:
        return " & ".join(head), f"{last}:*"
    return " & ".join([*head, f"{last}:*"]), None


# WooCommerce catalog_visibility values listed in search results and in category listings
# (docs/spec.md section 10.5); ``hidden`` is in neither: only its own link reaches it.
LISTED_IN_SEARCH = ("visible", "search")
LISTED_IN_CATALOG = ("visible", "catalog")

_SKU_HITS = """
    SELECT id FROM products WHERE lower(sku) = :sku
    UNION
    SELECT product_id FROM variations WHERE lower(sku) = :sku AND status = 'publish'
"""

_SQLITE_FTS = f"""
    SELECT rowid AS id, bm25(products_fts, {", ".join(str(w) for w in FTS5_WEIGHTS)}) AS score
    FROM products_fts WHERE products_fts MATCH :match
"""

_POSTGRES_FTS = """
    SELECT s.product_id AS id, -ts_rank(s.document, q.query) AS score
    FROM product_search s, (SELECT {query} AS query) q
    WHERE s.document @@ q.query
"""
_PG_ENGLISH = "to_tsquery('english', :match)"
_PG_SIMPLE = "to_tsquery('simple', :prefix)"

_NO_FTS = "SELECT CAST(NULL AS INTEGER) AS id, CAST(NULL AS REAL) AS score WHERE 1 = 0"


def _statement(fts: str) -> TextClause:
    """Candidates (text hits and SKU hits) joined to visible products, best first; ``score`` is
    lower-is-better on both dialects (bm25 is negative, ts_rank is negated)."""
    return text(
        f"""
        WITH hits AS MATERIALIZED ({fts}),
             sku_hits AS MATERIALIZED ({_SKU_HITS})
        SELECT p.id
        FROM products p
        LEFT JOIN hits h ON h.id = p.id
        WHERE p.id IN (SELECT id FROM hits UNION SELECT id FROM sku_hits)
          AND p.status IN :statuses
          AND p.hide_product = :hidden
          AND p.catalog_visibility IN :listed
        ORDER BY CASE WHEN p.id IN (SELECT id FROM sku_hits) THEN 0 ELSE 1 END,
                 coalesce(h.score, 0), p.name, p.id
        LIMIT :limit
        """
    ).bindparams(bindparam("statuses", expanding=True), bindparam("listed", expanding=True))


def search_products(
    session: Session, query: str, limit: int = MAX_LIMIT, statuses: Sequence[str] = ("publish",)
) -> list[int]:
    """Ids of visible, not hidden products matching ``query``, best match first (see the module
    docstring for the rules). ``limit`` is clamped to 1..``MAX_LIMIT``. Never raises for any
    text the visitor types: an empty or punctuation-only query gives ``[]`` (unless it is a
    SKU). Runs one SQL statement on SQLite (FTS5) or PostgreSQL (tsvector)."""
    sku = query.strip().lower()
    terms = query_terms(query)
    if not terms and not sku:
        return []
    match: str | None = None
    prefix: str | None = None
    if not terms:
        fts = _NO_FTS
    elif session.get_bind().dialect.name == "postgresql":
        match, prefix = tsquery_text(terms)
        parts = ([_PG_ENGLISH] if match else []) + ([_PG_SIMPLE] if prefix else [])
        fts = _POSTGRES_FTS.format(query=" && ".join(parts))
    else:
        fts, match = _SQLITE_FTS, fts5_match(terms)
    params: dict[str, object] = {
        "match": match,
        "prefix": prefix,
        "sku": sku,
        "statuses": list(statuses),
        "hidden": False,
        "listed": list(LISTED_IN_SEARCH),
        "limit": max(1, min(int(limit), MAX_LIMIT)),
    }
    return list(session.scalars(_statement(fts), params))


__all__ = [
    "LISTED_IN_CATALOG",
    "LISTED_IN_SEARCH",
    "MAX_LIMIT",
    "MAX_TERMS",
    "fts5_match",
    "query_terms",
    "search_products",
    "tsquery_text",
]
