"""Shop-level read endpoints outside the WooCommerce/WordPress namespaces (docs/spec.md section 7)."""

from __future__ import annotations

from fastapi import Path, Response
from starlette.convertors import PathConvertor, register_url_convertor

from services.catalog import repository as repo
from services.catalog.schemas import CompanyOut, Health
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
    (the last word as a prefix), best match first: an exact SKU match, then ranked full-text
    search where name and SKU weigh most, then tags and categories, then the short description
    (docs/spec.md sections 2 and 7; ``services/catalog/search.py``). Any text is safe: FTS operators
    are treated as separators, and a ``/`` or a line break in the query is fine ("AC/DC"). 422
    ``invalid_request`` when ``query`` is over 200 characters or holds a NUL character."""
    return repo.search_products(session, query)


@router.get("/health", summary="Liveness and database check", responses=documented(Health, "Healthy"))
def health(session: SessionDep) -> dict[str, str]:
    """``{"status": "ok", "database": "sqlite"|"postgresql"}`` when the database answers."""
    from sqlalchemy import text

    session.execute(text("SELECT 1"))
    return {"status": "ok", "database": session.get_bind().dialect.name}
