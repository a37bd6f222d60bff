"""The configurator's HTTP API (docs/spec.md section 2.13; docs/api.md, "Configurator").

    GET  /api/configurator/{product_id}          200 configurator | 404 configurator_not_found
    POST /api/configurator/{product_id}/quote    {"configuration": [keys]} -> 200 quote | 404 | 422
    POST /api/get-share-url                      {"configuration": {"product_id", "choices"}, "host"}
                                                 -> 200 {"url", "hash"} | 404 | 422 | 429
    POST /api/get-share-data                     {"hash"} -> 200 restored build | 404 share_not_found

Money is integer minor units (EUR and USD). Anonymous callers see configurators of published
products; a staff session also those of draft and pending ones (docs/spec.md section 6).
``get-share-url`` writes a row per new build and is rate-limited per client
(``RATE_LIMIT_CONFIGURATOR_SHARES``; docs/operations.md, "Rate limits").
"""

from __future__ import annotations

from typing import Any

from fastapi import Depends, Request, Response
from fastapi.responses import JSONResponse

from services.cart.deps import get_cart_app
from services.catalog import repository as catalog_repo
from services.catalog.visibility import IncludeUnpublishedDep, cache_control
from services.configurator import schemas, service
from services.shared.deps import SessionDep
from services.shared.errors import error_responses
from services.shared.ids import parse_id
from services.shared.ratelimit import rate_limit
from services.shared.routing import NO_STORE, DbRouter, documented

router = DbRouter(tags=["Configurator"])

_404 = {404: "`configurator_not_found`: no such product, not visible, or it has no configurator"}
_422 = {422: "`invalid_request`: the body does not fit (more than 30 keys, a key over 130 characters ...)"}


def _product_id(raw: str) -> int:
    found = parse_id(raw)
    if found is None:
        raise service.not_found()
    return found


@router.get(
    "/api/configurator/{product_id}",
    summary="A product's configurator",
    responses={**documented(schemas.ConfiguratorOut, "The configurator"), **error_responses(_404)},
)
def get_configurator(
    product_id: str, session: SessionDep, response: Response, include_unpublished: IncludeUnpublishedDep
) -> dict[str, Any]:
    """The configurator of ``product_id`` (docs/spec.md section 2.13): angles, layers in menu
    order, choices in layer then choice order (extras in minor units, stock resolved), rules,
    the default build, the welcome and warning messages. 404 ``configurator_not_found`` when the
    product does not exist, is not visible to the caller or has no configurator."""
    statuses = catalog_repo.visible_statuses(include_unpublished)
    loaded = service.load_one(session, _product_id(product_id), statuses)
    response.headers["Cache-Control"] = "no-store"  # stock and prices are live
    cache_control(response, include_unpublished)
    return service.document(loaded)


@router.post(
    "/api/configurator/{product_id}/quote",
    summary="Price and check a build",
    responses={
        **documented(
            schemas.ConfiguratorQuoteOut,
            "The verdict (``ok`` false with ``problems`` when it cannot be bought)",
        ),
        **error_responses({**_404, **_422}),
    },
)
def quote(
    product_id: str, body: schemas.QuoteIn, session: SessionDep, include_unpublished: IncludeUnpublishedDep
) -> JSONResponse:
    """Check and price the build ``configuration`` (keys "layer:choice") of ``product_id``
    (docs/spec.md sections 4, 5, 8): ``ok``, ``problems`` (code, message, layer_id, choice_id),
    ``eur``/``usd`` minor units (base + extras), ``skus``, ``hash``, ``button`` and
    ``button_label``, ``preorder``. A build that cannot be bought is still 200 with ``ok``
    false. Errors: 404 ``configurator_not_found``; 422 ``invalid_request`` (body)."""
    pid = _product_id(product_id)
    if include_unpublished:
        cfg = service.load_one(session, pid, catalog_repo.visible_statuses(True)).cfg
    else:
        # The cart's cached catalogue facts (fresh within CATALOG_CACHE_TTL, cleared by any
        # catalogue or configurator edit): the quote is what the cart's add would decide, and a
        # warm quote reads nothing from the database.
        facts = get_cart_app().catalog
        product = facts.product(pid, None) if facts is not None else None
        if product is None or product.configurator is None:
            raise service.not_found()
        cfg = product.configurator
    return JSONResponse(service.quote(cfg, body.configuration), headers=NO_STORE)


def _origin(request: Request) -> str:
    return f"{request.url.scheme}://{request.url.netloc}"


@router.post(
    "/api/get-share-url",
    summary="Make a share link for a build",
    responses={
        **documented(schemas.ShareOut, "The link and the build's hash"),
        **error_responses(
            {
                **_404,
                422: "`invalid_configuration`: a key is not a choice of the configurator (or twice); "
                "`invalid_request`: the body does not fit",
                429: "`rate_limited` with `retry_after` seconds and `limit`, and `Retry-After`",
            }
        ),
    },
    dependencies=[Depends(rate_limit("configurator_shares"))],
)
def get_share_url(
    body: schemas.ShareIn, request: Request, session: SessionDep, include_unpublished: IncludeUnpublishedDep
) -> JSONResponse:
    """Store the build (once per content hash: the same build always gets the same link) and
    answer ``{"url": "<origin><product path>?d=<hash>", "hash"}`` (docs/spec.md section 7). The
    product path is the product's ``configuratorLink`` when set, else its product page. ``host``
    is used only when it is the request's own origin (the shop); otherwise the request's origin
    is. Errors: 404 ``configurator_not_found``; 422 ``invalid_configuration`` (unknown or
    repeated key, more than 30); 429 ``rate_limited`` (``RATE_LIMIT_CONFIGURATOR_SHARES``)."""
    statuses = catalog_repo.visible_statuses(include_unpublished)
    share_hash, path = service.share(
        session, body.configuration.product_id, body.configuration.choices, statuses
    )
    session.commit()
    origin = _origin(request)
    host = (body.host or "").rstrip("/")
    base = host if host.lower() == origin.lower() else origin
    return JSONResponse({"url": f"{base}{path}?d={share_hash}", "hash": share_hash}, headers=NO_STORE)


@router.post(
    "/api/get-share-data",
    summary="Restore a shared build",
    responses={
        **documented(schemas.ShareDataOut, "The build as it can be restored now, and what changed"),
        **error_responses({404: "`share_not_found`: no build with that hash", **_422}),
    },
)
def get_share_data(
    body: schemas.ShareDataIn, session: SessionDep, include_unpublished: IncludeUnpublishedDep
) -> JSONResponse:
    """The shared build with ``hash`` restored against the configurator as it is now
    (docs/spec.md section 2.13): ``configuration`` (product_id, the version it was shared at,
    the choices still offered with current names and extras in minor units),
    ``current_version`` and ``changes`` (``removed``, ``repriced``, ``unavailable`` with a
    message). Error: 404 ``share_not_found`` (also when the product or its configurator is
    gone)."""
    statuses = catalog_repo.visible_statuses(include_unpublished)
    return JSONResponse(service.shared(session, body.hash, statuses), headers=NO_STORE)
