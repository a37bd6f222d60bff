"""Suggestions while typing in the header's search box (docs/spec.md section 2.10 "Suggestions").

:func:`suggest` answers the best products (the search's own ranking) and the categories whose
name matches the query, each list at most ``MAX_SUGGESTIONS`` long, as plain dicts shaped like
``services/catalog/schemas.py``'s ``SearchSuggestionsOut``.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from services.catalog.models import Category, Product
from services.catalog.models.products import product_categories
from services.catalog.search import LISTED_IN_CATALOG, expand_query, search_products
from services.catalog.search_terms import Expansion, kind_grade, words_of

MAX_SUGGESTIONS = 5


def _category_matches(name: str, expansion: Expansion) -> bool:
    """Whether every term (or one of its corrections) starts a word of ``name``, singular or
    plural, or one of the joined corrections is a word of it."""
    words = words_of([name])
    if any(word in words for word in expansion.joined):
        return True

    def fits(term: str, alternatives: list[str]) -> bool:
        return any(word.startswith(term) for word in words) or any(
            word in (alt, f"{alt}s") or alt == f"{word}s" for alt in alternatives for word in words
        )

    last = len(expansion.terms) - 1
    return bool(expansion.terms) and all(
        fits(term, alternatives + (expansion.completions if i == last else []))
        for i, (term, alternatives) in enumerate(zip(expansion.terms, expansion.alternatives, strict=True))
    )


def matching_categories(
    session: Session, expansion: Expansion, limit: int = MAX_SUGGESTIONS
) -> list[Category]:
    """Categories whose name matches ``expansion`` (:func:`_category_matches`) and that list at
    least one published, not hidden product in the catalogue (a link never leads to an empty
    page); the searched kind first (``kind_grade``), then menu order, name, id."""
    if not expansion.terms:
        return []
    listed = (
        select(product_categories.c.category_id)
        .join(Product, Product.id == product_categories.c.product_id)
        .where(
            Product.status == "publish",
            Product.hide_product.is_(False),
            Product.catalog_visibility.in_(LISTED_IN_CATALOG),
        )
    )
    categories = session.scalars(select(Category).where(Category.id.in_(listed))).all()
    found = [c for c in categories if _category_matches(c.name, expansion)]

    def grade(category: Category) -> int:
        found_grade = kind_grade(category.name, expansion.exact_words, expansion.prefix_words)
        return 2 if found_grade is None else found_grade

    found.sort(key=lambda c: (grade(c), c.menu_order, c.name, c.id))
    return found[:limit]


def suggest(session: Session, query: str) -> dict[str, Any]:
    """``{"query", "products": [{id, name, slug, categories: [{id, name, slug}]}], "categories":
    [{id, name, slug}]}``: at most ``MAX_SUGGESTIONS`` of each, products in search order
    (:func:`~services.catalog.search.search_products`, so typos are forgiven the same way).
    An empty or punctuation-only query gives empty lists. Never raises for any text."""
    expansion = expand_query(session, query)
    ids = search_products(session, query, MAX_SUGGESTIONS, expansion=expansion)
    rows = session.scalars(
        select(Product).where(Product.id.in_(ids)).options(selectinload(Product.categories))
    )
    by_id = {p.id: p for p in rows}
    products = [
        {
            "id": p.id,
            "name": p.name,
            "slug": p.slug,
            "categories": [{"id": c.id, "name": c.name, "slug": c.slug} for c in p.categories],
        }
        for p in (by_id[i] for i in ids if i in by_id)
    ]
    categories = [
        {"id": c.id, "name": c.name, "slug": c.slug} for c in matching_categories(session, expansion)
    ]
    return {"query": query.strip(), "products": products, "categories": categories}


__all__ = ["MAX_SUGGESTIONS", "matching_categories", "suggest"]
