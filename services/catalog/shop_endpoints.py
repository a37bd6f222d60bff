"""Shop-level read endpoints outside the WooCommerce/WordPress namespaces (docs/spec.md section 7)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Path, Query, Response
from starlette.convertors import PathConvertor, register_url_convertor

from services.catalog import repository as repo
from services.catalog.schemas import CompanyOut, Health, SearchSuggestionsOut
from services.catalog.search_suggestions import suggest
from services.shared.company import COMPANY
from services.shared.deps import SessionDep
from services.shared.routing import DbRouter, documented
from services.shared.text import NO_NUL

router = DbRouter(prefix="/api", tags=["Shop"])


class AnyTextConvertor(PathConvertor):
    """Starlette's ``path`` (slashes included) that also matches line breaks: ``.*`` stops at a
    newline, so ``/api/search/a%0Ab`` matched no route and answered an undocumented 404."""

    regex = r"[\s\S]*"


register_url_convertor("text", AnyTextConvertor())


@router.get(
    "/countries", summary="Shipping country codes", responses=documented(list[str], "ISO codes, sorted")
)
def countries(session: SessionDep, response: Response) -> list[str]:
    """ISO codes of every shipping country (docs/spec.md section 7: "list of country codes").
    The full table with names and currencies is ``/api/wc/data/countries``."""
    response.headers["Cache-Control"] = "public, max-age=300"
    return [c.code for c in sorted(repo.list_countries(session), key=lambda c: c.code)]


@router.get("/company", summary="The seller's details", responses=documented(CompanyOut, "The seller"))
def company(response: Response) -> dict[str, str]:
    """The company that runs the shop, as the footer and the imprint name it (docs/spec.md
    section 2.16): ``{legal_name, street, postcode, city, country, email,
    phone, representative, registration, vat_id}``, plain text. Never fails."""
    response.headers["Cache-Control"] = "public, max-age=300"
    return COMPANY.as_dict()


@router.get(
    "/search/{query:text}",
    summary="Search products",
    responses=documented(list[int], "Product ids, best match first"),
)
def search(session: SessionDep, query: str = Path(..., max_length=200, pattern=NO_NUL)) -> list[int]:
    """Ids (at most 100) of published, not hidden products matching every word of ``query``
    (the last word as a prefix; a word matching nothing may match its typo corrections, and
    words typed apart may match as one word), best match first: an exact SKU match, then
    products matching in name, SKU, tags or categories (those of the searched kind first), then
    description-only matches, each tier by relevance, then name and id (docs/spec.md sections 2.10
    and 7; ``services/catalog/search.py``). Any text is safe: FTS operators
    are treated as separators, and a ``/`` or a line break in the query is fine ("AC/DC"). 422
    ``invalid_request`` when ``query`` is over 200 characters or holds a NUL character."""
    return repo.search_products(session, query)


@router.get(
    "/search-suggestions",
    summary="Search suggestions while typing",
    responses=documented(SearchSuggestionsOut, "Top products and matching categories"),
)
def search_suggestions(
    session: SessionDep,
    response: Response,
    q: Annotated[str, Query(max_length=200, pattern=NO_NUL, description="What has been typed so far")] = "",
) -> dict[str, Any]:
    """The header search box's suggestions (docs/spec.md section 2.10 "Suggestions"): at most 5
    published, not hidden products in search order (typos forgiven as by ``/api/search``) and at
    most 5 categories holding listed products whose name matches ``q`` (the searched kind
    first), as ``{query, products: [{id, name, slug, categories}], categories: [{id, name,
    slug}]}``. An empty ``q`` gives empty lists. 422 ``invalid_request`` when ``q`` is over 200
    characters or holds a NUL character. Cacheable for a minute (public catalogue data)."""
    response.headers["Cache-Control"] = "public, max-age=60"
    return suggest(session, q)


@router.get("/health", summary="Liveness and database check", responses=documented(Health, "Healthy"))
def health(session: SessionDep) -> dict[str, str]:
    """``{"status": "ok", "database": "sqlite"|"postgresql"}`` when the database answers."""
    from sqlalchemy import text

    session.execute(text("SELECT 1"))
    return {"status": "ok", "database": session.get_bind().dialect.name}
