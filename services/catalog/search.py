"""Ranked, typo-tolerant product search (docs/spec.md sections 2.10 and 7 ``GET ../search/{query}``).

One entry point, :func:`search_products`, with the dialect-specific SQL inside: SQLite's FTS5
table ``products_fts`` (``bm25`` ranking) or PostgreSQL's ``product_search.document``
tsvector (``ts_rank``). Both are created and kept current by database triggers (migration
``0007_search_index``), so importer, seed and staff writes need no hook here. What the words
mean (typo corrections, the searched kind) is decided by ``services/catalog/search_terms.py``;
PostgreSQL finds the names to correct against with ``pg_trgm`` (migration ``0019``).

Matching, the same on both databases:
- every typed word must match (AND), as an English stem in the name, SKU, tags, category names
  or short description, the last word also as a prefix ("sko" finds "Skoll"); a word matching
  nothing may instead match one of its corrections, and the words written together may match
  on their own ("mose pad" finds the Mousepads);
- a product whose SKU (or one of whose published variations' SKU) equals the whole query,
  ignoring case, is found even when the words would not match.

Ranking, best first (docs/spec.md section 2.10 "Ranking"):
1. the exact SKU match;
2. tier: products matching in their name, SKU, tags or category names ("name" matches) before
   description-only matches; within each, products in a category of the searched kind first,
   then those in a category whose name the word being typed starts, then the others;
3. within a tier, the engine's relevance (name and SKU weigh most, then tags and categories,
   then the short description); then name, then id (stable).

Only visible (``publish`` by default) products not flagged ``hide_product`` and whose
``catalog_visibility`` is ``visible`` or ``search`` are returned (docs/spec.md section 10.5).
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import TextClause, bindparam, text
from sqlalchemy.orm import Session

from services.catalog.search_terms import (
    FUZZY_MIN_LENGTH,
    MAX_TERMS,
    STOP_WORDS,
    Expansion,
    expand,
    kind_grade,
    query_terms,
    words_of,
)

MAX_LIMIT = 100

# bm25 column weights in the FTS5 column order: name, sku, tags, categories, short_description.
FTS5_WEIGHTS = (10.0, 10.0, 4.0, 4.0, 1.0)
# The FTS5 columns (and tsvector weights) of a "name" match: all but the short description.
_FTS5_STRONG = "{name sku tags categories}"
_PG_STRONG = "AB"
# pg_trgm word similarity (0..1) a name needs to be a candidate for typo correction; the
# candidates' words are then judged by ``search_terms.close_words``.
PG_TRIGRAM_GATE = 0.3

# WooCommerce catalog_visibility values listed in search results and in category listings
# (docs/spec.md section 10.5); ``hidden`` is in neither: only its own link reaches it.
LISTED_IN_SEARCH = ("visible", "search")
LISTED_IN_CATALOG = ("visible", "catalog")


def _is_postgresql(session: Session) -> bool:
    return session.get_bind().dialect.name == "postgresql"


# ------------------------------------------------------------------------ match expressions


def fts5_match(expansion: Expansion, columns: str | None = None) -> str:
    """The FTS5 MATCH expression of ``expansion``: per term ``("term" OR "alt" ...)``, the last
    term a prefix (``"sko"*``) or one of its completions, the groups joined by AND; the joined alternatives OR'ed beside
    them. With ``columns`` (``{name sku}``) the whole expression is limited to those columns.

    Words come from :func:`query_terms` and the catalogue's names (letters and digits only, no
    ``"``), so the expression has no operator, column filter or NEAR group the visitor typed."""
    last = len(expansion.terms) - 1
    groups = []
    for i, (term, alternatives) in enumerate(zip(expansion.terms, expansion.alternatives, strict=True)):
        words = [f'"{term}"' + ("*" if i == last else ""), *(f'"{w}"' for w in alternatives)]
        if i == last:
            words += [f'"{w}"' for w in expansion.completions]
        groups.append("(" + " OR ".join(words) + ")")
    expression = " AND ".join(groups)
    if expansion.joined:
        expression = f"({expression}) OR (" + " OR ".join(f'"{w}"' for w in expansion.joined) + ")"
    return f"{columns} : ({expression})" if columns else expression


def tsquery_sql(expansion: Expansion, weights: str = "") -> tuple[str, dict[str, str]]:
    """A PostgreSQL tsquery expression for ``expansion`` and its bind parameters: one
    ``to_tsquery`` per word (``english``, or ``simple`` for a stop word, which ``english`` would
    drop), combined with ``||`` (OR) and ``&&`` (AND) like :func:`fts5_match`; the last term a
    prefix (``sko:*``); with ``weights`` (``AB``) every lexeme is limited to them. Words are
    letters and digits only, so no tsquery operator can be injected."""
    params: dict[str, str] = {}

    def lexeme(word: str, prefix: bool) -> str:
        key = f"w{weights}{len(params)}"
        params[key] = word + (":*" if prefix else (":" if weights else "")) + weights
        config = "simple" if word in STOP_WORDS else "english"
        return f"to_tsquery('{config}', :{key})"

    last = len(expansion.terms) - 1
    groups = []
    for i, (term, alternatives) in enumerate(zip(expansion.terms, expansion.alternatives, strict=True)):
        words = [lexeme(term, i == last), *(lexeme(w, False) for w in alternatives)]
        if i == last:
            words += [lexeme(w, False) for w in expansion.completions]
        groups.append("(" + " || ".join(words) + ")")
    expression = " && ".join(groups)
    if expansion.joined:
        expression = f"({expression}) || (" + " || ".join(lexeme(w, False) for w in expansion.joined) + ")"
    return expression, params


# ----------------------------------------------------------------------- catalogue lookups


def known_terms(session: Session, terms: Sequence[str]) -> list[bool]:
    """Per term, whether it matches any product in the index (the last term as a prefix); terms
    shorter than ``FUZZY_MIN_LENGTH`` count as known (they are never corrected)."""
    known = []
    last = len(terms) - 1
    for i, term in enumerate(terms):
        if len(term) < FUZZY_MIN_LENGTH:
            known.append(True)
            continue
        if _is_postgresql(session):
            config = "simple" if term in STOP_WORDS else "english"
            statement = text(
                f"SELECT EXISTS (SELECT 1 FROM product_search WHERE document @@ to_tsquery('{config}', :q))"
            )
            query = term + (":*" if i == last else "")
        else:
            statement = text("SELECT EXISTS (SELECT 1 FROM products_fts WHERE products_fts MATCH :q)")
            query = f'"{term}"' + ("*" if i == last else "")
        known.append(bool(session.execute(statement, {"q": query}).scalar_one()))
    return known


def _trigram_schema(session: Session) -> str | None:
    """The schema holding the ``pg_trgm`` extension (its operators are qualified with it, so
    any ``search_path`` works), or None when the extension is missing."""
    found = session.execute(
        text(
            "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace"
            " WHERE e.extname = 'pg_trgm'"
        )
    ).scalar_one_or_none()
    return str(found) if found else None


_ALL_NAMES = "SELECT name FROM products UNION SELECT name FROM categories UNION SELECT name FROM tags"


def vocabulary(session: Session, words: Sequence[str], prefix: str) -> set[str]:
    """Words of product, category and tag names that typo corrections of ``words`` and
    completions of ``prefix`` are chosen from. PostgreSQL: only the names ``pg_trgm`` finds
    through the trigram GIN indexes: word similarity at least ``PG_TRIGRAM_GATE`` to one of
    ``words``, or containing ``prefix``; SQLite (or a PostgreSQL database without the
    extension): every name."""
    schema = _trigram_schema(session) if _is_postgresql(session) else None
    if schema is None:
        return words_of(session.scalars(text(_ALL_NAMES)))
    tables = ("products", "categories", "tags")
    names: set[str] = set()
    if len(prefix) >= 2:
        like = text(" UNION ".join(f"SELECT name FROM {table} WHERE name ILIKE :pattern" for table in tables))
        names.update(session.scalars(like, {"pattern": f"%{prefix}%"}))  # letters and digits only
    if words:
        session.execute(
            text("SELECT set_config('pg_trgm.word_similarity_threshold', :gate, true)"),
            {"gate": str(PG_TRIGRAM_GATE)},
        )
        operator = f'OPERATOR("{schema}".%>)'
        similar = text(
            " UNION ".join(f"SELECT name FROM {table} WHERE name {operator} :word" for table in tables)
        )
        for word in words:
            names.update(session.scalars(similar, {"word": word}))
    return words_of(names)


def expand_query(session: Session, query: str) -> Expansion:
    """The :class:`~services.catalog.search_terms.Expansion` of ``query`` against this catalogue
    (typo corrections only for words the index does not know)."""
    terms = query_terms(query)
    if not terms:
        return Expansion([])
    known = known_terms(session, terms)
    to_correct = [term for term, is_known in zip(terms, known, strict=True) if not is_known]
    if len(terms) > 1:
        to_correct.append("".join(terms))
    return expand(terms, known, vocabulary(session, to_correct, terms[-1]))


def kind_category_ids(session: Session, expansion: Expansion) -> tuple[list[int], list[int]]:
    """Ids of the categories that are the kind of product ``expansion`` asks for: ``(exact,
    by_prefix)`` (:func:`~services.catalog.search_terms.kind_grade` 0 and 1)."""
    if not expansion.terms:
        return [], []
    exact: list[int] = []
    by_prefix: list[int] = []
    for row in session.execute(text("SELECT id, name FROM categories")):
        grade = kind_grade(str(row.name), expansion.exact_words, expansion.prefix_words)
        if grade == 0:
            exact.append(int(row.id))
        elif grade == 1:
            by_prefix.append(int(row.id))
    return exact, by_prefix


# ------------------------------------------------------------------------------ statement

_SKU_HITS = """
    SELECT id FROM products WHERE lower(sku) = :sku
    UNION
    SELECT product_id FROM variations WHERE lower(sku) = :sku AND status = 'publish'
"""

_SQLITE_FTS = f"""
    SELECT rowid AS id, bm25(products_fts, {", ".join(str(w) for w in FTS5_WEIGHTS)}) AS score,
           CASE WHEN rowid IN (SELECT rowid FROM products_fts WHERE products_fts MATCH :strong)
                THEN 1 ELSE 0 END AS strong
    FROM products_fts WHERE products_fts MATCH :match
"""

_POSTGRES_FTS = """
    SELECT s.product_id AS id, -ts_rank(s.document, q.query) AS score,
           CASE WHEN s.document @@ q.strong THEN 1 ELSE 0 END AS strong
    FROM product_search s, (SELECT {query} AS query, {strong} AS strong) q
    WHERE s.document @@ q.query
"""

_NO_FTS = "SELECT CAST(NULL AS INTEGER) AS id, CAST(NULL AS REAL) AS score, CAST(NULL AS INTEGER) AS strong WHERE 1 = 0"


def _statement(fts: str) -> TextClause:
    """Candidates (text hits and SKU hits) joined to visible products, best first; ``score`` is
    lower-is-better on both dialects (bm25 is negative, ts_rank is negated)."""
    return text(
        f"""
        WITH hits AS MATERIALIZED ({fts}),
             sku_hits AS MATERIALIZED ({_SKU_HITS}),
             kind AS MATERIALIZED (
                 SELECT DISTINCT product_id FROM product_categories WHERE category_id IN :kinds),
             near_kind AS MATERIALIZED (
                 SELECT DISTINCT product_id FROM product_categories WHERE category_id IN :near_kinds)
        SELECT p.id
        FROM products p
        LEFT JOIN hits h ON h.id = p.id
        WHERE p.id IN (SELECT id FROM hits UNION SELECT id FROM sku_hits)
          AND p.status IN :statuses
          AND p.hide_product = :hidden
          AND p.catalog_visibility IN :listed
        ORDER BY CASE WHEN p.id IN (SELECT id FROM sku_hits) THEN 0 ELSE 1 END,
                 CASE WHEN h.strong = 1 THEN 0 ELSE 3 END
                   + CASE WHEN p.id IN (SELECT product_id FROM kind) THEN 0
                          WHEN p.id IN (SELECT product_id FROM near_kind) THEN 1 ELSE 2 END,
                 coalesce(h.score, 0), p.name, p.id
        LIMIT :limit
        """
    ).bindparams(
        bindparam("statuses", expanding=True),
        bindparam("listed", expanding=True),
        bindparam("kinds", expanding=True),
        bindparam("near_kinds", expanding=True),
    )


def search_products(
    session: Session,
    query: str,
    limit: int = MAX_LIMIT,
    statuses: Sequence[str] = ("publish",),
    expansion: Expansion | None = None,
) -> list[int]:
    """Ids of visible, not hidden products matching ``query``, best match first (see the module
    docstring for the rules). ``limit`` is clamped to 1..``MAX_LIMIT``. Never raises for any
    text the visitor types: an empty or punctuation-only query gives ``[]`` (unless it is a
    SKU). A few small lookups (known words, correction candidates, kind categories), then one
    SQL statement on SQLite (FTS5) or PostgreSQL (tsvector). ``expansion``: the query's
    :func:`expand_query`, when the caller already has it."""
    sku = query.strip().lower()
    if expansion is None:
        expansion = expand_query(session, query)
    if not expansion.terms and not sku:
        return []
    kinds, near_kinds = kind_category_ids(session, expansion)
    params: dict[str, object] = {
        "sku": sku,
        "statuses": list(statuses),
        "hidden": False,
        "listed": list(LISTED_IN_SEARCH),
        "kinds": kinds,
        "near_kinds": near_kinds,
        "limit": max(1, min(int(limit), MAX_LIMIT)),
    }
    if not expansion.terms:
        fts = _NO_FTS
    elif _is_postgresql(session):
        full, full_params = tsquery_sql(expansion)
        strong, strong_params = tsquery_sql(expansion, _PG_STRONG)
        fts = _POSTGRES_FTS.format(query=full, strong=strong)
        params |= full_params | strong_params
    else:
        fts = _SQLITE_FTS
        params |= {"match": fts5_match(expansion), "strong": fts5_match(expansion, _FTS5_STRONG)}
    return list(session.scalars(_statement(fts), params))


__all__ = [
    "LISTED_IN_CATALOG",
    "LISTED_IN_SEARCH",
    "MAX_LIMIT",
    "MAX_TERMS",
    "expand_query",
    "fts5_match",
    "kind_category_ids",
    "known_terms",
    "query_terms",
    "search_products",
    "tsquery_sql",
    "vocabulary",
]
