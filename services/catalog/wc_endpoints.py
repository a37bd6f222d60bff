"""``/api/wc/...``: the WooCommerce-shaped read API of docs/spec.md section 7.

Anonymous callers see published products only; a staff session (admin or reviewer) also
sees draft and pending products (``visibility.py``; docs/spec.md section 6). Reads are cacheable for
60 s unless ``no_cache=true`` (then ``Cache-Control: no-store``), which the storefront uses for
stock checks; staff answers are ``private, no-store``. List endpoints send ``X-WP-Total`` and ``X-WP-TotalPages``.
"""

from __future__ import annotations

import math
from typing import Any

from fastapi import Query, Response
from fastapi.responses import JSONResponse
from sqlalchemy.orm import Session

from services.catalog import repository as repo
from services.catalog import schemas as out
from services.catalog import serializers as ser
from services.catalog.params import MAX_PER_PAGE, id_list, positive_int, single_id, text_list
from services.catalog.sales import current_prices
from services.catalog.visibility import IncludeUnpublishedDep, cache_control
from services.configurator import repository as cfg_repo
from services.configurator import service as cfg_service
from services.shared.deps import SessionDep, SettingsDep
from services.shared.errors import BadRequest, NotFound, error_responses
from services.shared.ids import parse_id
from services.shared.money import format_amount
from services.shared.routing import DbRouter, documented
from services.shared.text import NO_NUL

router = DbRouter(prefix="/api/wc", tags=["WooCommerce-shaped catalogue"])

Json = dict[str, Any]
_400 = {400: "`rest_invalid_param` (or `rest_missing_callback_param`): a malformed or missing parameter"}
_404 = {404: "`woocommerce_rest_product_invalid_id`: no such product (or not visible to the caller)"}


def _cache(response: Response, no_cache: str | None) -> None:
    response.headers["Cache-Control"] = (
        "no-store" if no_cache not in (None, "", "false", "0") else "public, max-age=60"
    )


def _paged(response: Response, total: int, per_page: int) -> None:
    response.headers["X-WP-Total"] = str(total)
    response.headers["X-WP-TotalPages"] = str(max(1, math.ceil(total / per_page)) if total else 0)


def _product_not_found() -> NotFound:
    return NotFound("woocommerce_rest_product_invalid_id", "Invalid ID.")


_ORDER_KEYS = ("menu_order", "price", "date", "title")
_CURRENCIES = ("eur", "usd")


def _product_order(orderby: str | None, order: str | None, currency: str | None) -> repo.ProductOrder:
    """The listing order from WooCommerce REST's ``orderby``/``order`` and our ``currency``;
    BadRequest (400 ``rest_invalid_param``) for values outside the documented ones."""
    key = (orderby or "menu_order").strip().lower()
    if key not in _ORDER_KEYS:
        raise BadRequest(
            "rest_invalid_param", f"Invalid parameter: orderby must be one of {', '.join(_ORDER_KEYS)}."
        )
    direction = (order or ("desc" if key == "date" else "asc")).strip().lower()
    if direction not in ("asc", "desc"):
        raise BadRequest("rest_invalid_param", "Invalid parameter: order must be asc or desc.")
    money = (currency or "eur").strip().lower()
    if money not in _CURRENCIES:
        raise BadRequest("rest_invalid_param", "Invalid parameter: currency must be EUR or USD.")
    return repo.ProductOrder(key=key, descending=direction == "desc", currency=money)


@router.get(
    "/products",
    summary="List products",
    responses={
        **documented(list[out.ProductOut], "Products, `X-WP-Total` and `X-WP-TotalPages`"),
        **error_responses(_400),
    },
)
@router.get("/products/", include_in_schema=False)
def list_products(
    session: SessionDep,
    settings: SettingsDep,
    response: Response,
    include_unpublished: IncludeUnpublishedDep,
    include: str | None = Query(
        None, description="Comma-separated product ids; the result keeps this order."
    ),
    category: str | None = Query(
        None, description="Category id; products of its subcategories are included."
    ),
    slug: str | None = Query(
        None, description="Exact product slug (product pages look products up by slug).", pattern=NO_NUL
    ),
    per_page: str | None = Query(None, description="1 to 100 (default 10)."),
    page: str | None = Query(None, description="1-based page number."),
    orderby: str | None = Query(
        None,
        description="menu_order (default: the shop's featured order), price (the price shown in "
        "`currency`), date (newest with order=desc) or title. Ignored with `include`.",
    ),
    order: str | None = Query(None, description="asc or desc (default asc; desc for orderby=date)."),
    currency: str | None = Query(
        None, description="EUR (default) or USD: the prices orderby=price compares."
    ),
    no_cache: str | None = Query(None),
) -> list[Json]:
    """Products as WooCommerce JSON (docs/spec.md section 7: ``products/?include={ids}``,
    ``products?category={id}&per_page=100``), sorted by ``orderby``/``order`` (docs/spec.md
    section 2.5: the category page's sort). Errors: 400 ``rest_invalid_param`` for a
    non-numeric id list, category, page, a per_page outside 1..100, or an unknown ``orderby``,
    ``order`` or ``currency``. Staff sessions also get draft and pending products.
    """
    ids = id_list(include, "include")
    category_id = single_id(category, "category") if category is not None else None
    size = positive_int(per_page, "per_page", 10, MAX_PER_PAGE)
    number = positive_int(page, "page", 1)
    products, total = repo.list_products(
        session,
        ids=ids,
        category_id=category_id,
        slug=slug,
        page=number,
        per_page=size,
        statuses=repo.visible_statuses(include_unpublished),
        orderby=_product_order(orderby, order, currency),
    )
    owned = repo.blocks_for(session, "product", [p.id for p in products])
    cfgs = cfg_service.configurators_for(session, [p for p in products if p.is_configurable])
    _cache(response, no_cache)
    cache_control(response, include_unpublished)
    _paged(response, total, size)
    return [ser.product(p, settings.site_host, owned.get(p.id), cfgs.get(p.id)) for p in products]


@router.get(
    "/products/categories",
    summary="List product categories",
    responses={**documented(list[out.CategoryOut], "Categories"), **error_responses(_400)},
)
def list_categories(
    session: SessionDep,
    response: Response,
    slug: str | None = Query(None, pattern=NO_NUL),
    parent: str | None = Query(None, description="Parent category id; 0 for top level."),
) -> list[Json]:
    """Product categories with their page content: ``acf.hero``, ``acf.header_content``,
    ``acf.footer_content`` (content blocks) and ``acf.groups`` (tag groups, docs/spec.md section 2).
    """
    parent_id = single_id(parent, "parent") if parent is not None else None
    categories = repo.list_categories(session, slug=slug, parent=parent_id)
    owned = repo.blocks_for(session, "category", [c.id for c in categories])
    _cache(response, None)
    return [ser.category(c, owned.get(c.id)) for c in categories]


@router.get(
    "/products/{product_id}",
    summary="Get a product (or just its stock facts)",
    responses={
        **documented(
            out.ProductOut | out.ProductFieldsOut, "The product, or only the fields named by `_fields`"
        ),
        **error_responses(
            {400: '`woocommerce_rest_product_invalid_id` with `stock_status: "error"`: not a number', **_404}
        ),
    },
)
def get_product(
    product_id: str,
    session: SessionDep,
    settings: SettingsDep,
    response: Response,
    include_unpublished: IncludeUnpublishedDep,
    fields: str | None = Query(
        None, alias="_fields", description="Comma-separated top-level fields to return."
    ),
    no_cache: str | None = Query(None),
) -> Any:
    """One product as WooCommerce JSON. ``_fields=stock_status,variations`` is the
    storefront's stock check. A non-numeric id answers 400 with ``stock_status: "error"``
    (docs/spec.md section 5); an unknown id (also one beyond ``MAX_ID``), or an unpublished one without
    a staff session, 404 ``woocommerce_rest_product_invalid_id``. Staff sessions see draft and
    pending products.
    """
    if not (product_id.isascii() and product_id.isdigit()):
        return JSONResponse(
            status_code=400,
            content={
                "stock_status": "error",
                "code": "woocommerce_rest_product_invalid_id",
                "message": "Product id must be a number.",
            },
            headers={"Cache-Control": "no-store"},
        )
    pid = parse_id(product_id)
    if pid is None:  # a number, but larger than any id
        raise _product_not_found()
    wanted = text_list(fields)
    statuses = repo.visible_statuses(include_unpublished)
    if wanted and set(wanted) <= repo.STOCK_FIELDS:  # the stock check: a lean, always-fresh read
        facts = repo.get_stock_facts(session, pid, statuses)
        if facts is None:
            raise _product_not_found()
        _cache(response, no_cache)
        cache_control(response, include_unpublished)
        return JSONResponse({k: facts[k] for k in wanted}, headers=dict(response.headers))
    p = repo.get_product(session, pid, statuses)
    if p is None:
        raise _product_not_found()
    _cache(response, no_cache)
    cache_control(response, include_unpublished)
    cfg = cfg_service.configurators_for(session, [p]).get(p.id) if p.is_configurable else None
    data = ser.product(p, settings.site_host, repo.blocks_for(session, "product", [p.id]).get(p.id), cfg)
    if wanted:
        return JSONResponse({k: data[k] for k in wanted if k in data}, headers=dict(response.headers))
    return data


@router.get(
    "/products/{product_id}/variations",
    summary="List a product's variations",
    responses={**documented(list[out.VariationOut], "Variations"), **error_responses({**_400, **_404})},
)
def list_variations(
    product_id: str,
    session: SessionDep,
    response: Response,
    include_unpublished: IncludeUnpublishedDep,
    no_cache: str | None = None,
) -> list[Json]:
    """Published variations of a variable product, each with its own EUR/USD prices and stock
    (of a draft or pending product too, for staff sessions)."""
    pid = single_id(product_id, "product_id")
    if repo.get_product(session, pid, repo.visible_statuses(include_unpublished)) is None:
        raise _product_not_found()
    _cache(response, no_cache)
    cache_control(response, include_unpublished)
    return [ser.variation(v) for v in repo.list_variations(session, pid)]


@router.get(
    "/products/{product_id}/variations/{variation_id}",
    summary="Get one variation",
    responses={
        **documented(out.VariationOut, "The variation"),
        **error_responses(
            {
                **_400,
                404: "`woocommerce_rest_product_invalid_id` or `woocommerce_rest_product_variation_invalid_id`",
            }
        ),
    },
)
def get_variation(
    product_id: str,
    variation_id: str,
    session: SessionDep,
    response: Response,
    include_unpublished: IncludeUnpublishedDep,
    no_cache: str | None = None,
) -> Json:
    """One variation of a product; 404 ``woocommerce_rest_product_variation_invalid_id`` when it
    does not exist or belongs to another product."""
    pid = single_id(product_id, "product_id")
    vid = single_id(variation_id, "variation_id")
    if repo.get_product(session, pid, repo.visible_statuses(include_unpublished)) is None:
        raise _product_not_found()
    v = repo.get_variation(session, pid, vid)
    if v is None:
        raise NotFound("woocommerce_rest_product_variation_invalid_id", "Invalid variation ID.")
    _cache(response, no_cache)
    cache_control(response, include_unpublished)
    return ser.variation(v)


@router.get(
    "/configurations",
    summary="Configurator entries of a product",
    responses={
        **documented(list[out.ConfigurationEntryOut], "Configurator entries ([] when not configurable)"),
        **error_responses({**_400, **_404}),
    },
)
def configurations(
    session: SessionDep, response: Response, include_unpublished: IncludeUnpublishedDep, id: str | None = None
) -> list[Json]:
    """The configurator layers and choices of product ``id`` as flat entries
    (``serializers.configuration_entries``; docs/spec.md sections 3 and 7: tells whether
    configurable: an empty list means not configurable). Draft/pending products for staff."""
    cache_control(response, include_unpublished)
    p = repo.get_product(session, single_id(id, "id"), repo.visible_statuses(include_unpublished))
    if p is None:
        raise _product_not_found()
    return (
        ser.configuration_entries(cfg_service.configurators_for(session, [p]).get(p.id))
        if p.is_configurable
        else []
    )


@router.get("/taxes", summary="Tax rates", responses=documented(list[out.TaxRateOut], "Tax rates"))
def taxes(session: SessionDep, response: Response) -> list[Json]:
    """Every tax rate (country, name, rate as a percent string like "19.0000")."""
    _cache(response, None)
    return [ser.tax_rate(t) for t in repo.list_tax_rates(session)]


@router.get(
    "/data/countries", summary="The country table", responses=documented(list[out.CountryOut], "Countries")
)
def countries_table(session: SessionDep, response: Response) -> list[Json]:
    """The country table (docs/spec.md section 3): code, full name, currency (EUR or USD), EU membership."""
    _cache(response, None)
    return countries_body(session)


def countries_body(session: Session) -> list[Json]:
    """What ``GET /api/wc/data/countries`` answers (also written into the page shell,
    ``services/api/page_shell.py``)."""
    return [ser.country(c) for c in repo.list_countries(session)]


@router.get(
    "/colour-swatches",
    summary="Colour swatches by id",
    responses={**documented(list[out.SwatchOut], "Swatches"), **error_responses(_400)},
)
def colour_swatches(session: SessionDep, response: Response, ids: str | None = None) -> list[Json]:
    """Swatches ``[{id, name, colour}]`` for ``ids`` (comma-separated; required)."""
    wanted = id_list(ids, "ids")
    if not wanted:
        raise BadRequest("rest_missing_callback_param", "Missing parameter: ids.")
    _cache(response, None)
    return [ser.swatch(s) for s in repo.colour_swatches(session, wanted)]


@router.get(
    "/filters", summary="Product filter terms", responses=documented(list[out.FilterOut], "Filter terms")
)
def filters(session: SessionDep, response: Response) -> list[Json]:
    """Every filter term (docs/spec.md section 3 "Filter"), top level first."""
    _cache(response, None)
    return [ser.filter_term(f) for f in repo.list_filters(session)]


@router.get(
    "/configurator-product-data",
    summary="Short descriptions of configurator products",
    responses={
        **documented(dict[str, out.ShortDescription], "Short descriptions by product id"),
        **error_responses(_400),
    },
)
def configurator_product_data(
    session: SessionDep,
    response: Response,
    include_unpublished: IncludeUnpublishedDep,
    ids: str | None = None,
) -> dict[str, Json]:
    """``{"<id>": {"short_description": html}}`` for the visible products among ``ids``
    (draft and pending ones too for staff sessions)."""
    wanted = id_list(ids, "ids") or []
    cache_control(response, include_unpublished)
    products, _ = repo.list_products(
        session, ids=wanted, per_page=MAX_PER_PAGE, statuses=repo.visible_statuses(include_unpublished)
    )
    return {str(p.id): {"short_description": p.short_description} for p in products}


@router.get(
    "/configurator-prices",
    summary="Prices of configurator SKUs",
    responses=documented(dict[str, out.SkuPrice], "Prices keyed `_{sku}`"),
)
def configurator_prices(
    session: SessionDep, skus: str | None = Query(None, pattern=NO_NUL)
) -> dict[str, Json]:
    """Prices keyed ``_{sku}`` as ``{"eur": "19.90", "usd": "21.90"}``: a configurator choice's
    extra price (its ``sku_part``; stored in minor units, negative counts as 0, docs/spec.md
    section 5) or a product's current price (sale price when on sale now)."""
    wanted = text_list(skus)
    out: dict[str, Json] = {}
    for p in repo.products_by_skus(session, wanted):
        now = current_prices(p)  # a scheduled sale only inside its window (docs/spec.md section 10.4)
        eur = now.sale_eur if now.sale_eur is not None else now.regular_eur
        usd = now.sale_usd if now.sale_usd is not None else now.regular_usd
        out[f"_{p.sku}"] = {"eur": format_amount(eur or 0), "usd": format_amount(usd or 0)}
    for c in cfg_repo.choices_by_sku_parts(session, wanted):
        out[f"_{c.sku_part}"] = {
            "eur": format_amount(max(0, c.extra_eur)),
            "usd": format_amount(max(0, c.extra_usd)),
        }
    return out


@router.get(
    "/configurator-welcome-message",
    summary="Configurator welcome message",
    responses={**documented(out.WelcomeMessage, "The message"), **error_responses({**_400, **_404})},
)
def configurator_welcome_message(
    session: SessionDep, include_unpublished: IncludeUnpublishedDep, id: str | None = None
) -> Json:
    """``{text, background_image}``: the welcome message of product ``id``'s configurator (empty
    strings when it has none; docs/spec.md section 7). 400 bad id, 404 unknown product."""
    pid = single_id(id, "id")
    if repo.get_product(session, pid, repo.visible_statuses(include_unpublished)) is None:
        raise _product_not_found()
    model = cfg_repo.get_by_product(session, pid)
    if model is None:
        return {"text": "", "background_image": ""}
    return {"text": model.welcome_text, "background_image": model.welcome_image}


@router.get(
    "/configurator-warning-message",
    summary="Configurator warning message",
    responses={**documented(out.WarningMessage, "The warning"), **error_responses({**_400, **_404})},
)
def configurator_warning_message(
    session: SessionDep, include_unpublished: IncludeUnpublishedDep, id: str | None = None
) -> Json:
    """``{message}``: the configurator warning (docs/spec.md section 7): product ``id``'s
    configurator's when ``id`` is given (400 bad id, 404 unknown product), else the shop-wide
    one, the first non-empty warning of any configurator ("" when none)."""
    if id is None:
        return {"message": cfg_repo.first_warning(session)}
    pid = single_id(id, "id")
    if repo.get_product(session, pid, repo.visible_statuses(include_unpublished)) is None:
        raise _product_not_found()
    model = cfg_repo.get_by_product(session, pid)
    return {"message": model.warning_message if model is not None else ""}


@router.get(
    "/configurator-special-choices",
    summary="Configurator special choices",
    responses={**documented(out.SpecialChoices, "The layer"), **error_responses({**_400, **_404})},
)
def configurator_special_choices(
    session: SessionDep, include_unpublished: IncludeUnpublishedDep, id: str | None = None
) -> Json:
    """``{layer}``: the key of the layer with special choices of product ``id``'s configurator
    (None when none, docs/spec.md section 7). 400 bad id, 404 unknown product."""
    pid = single_id(id, "id")
    if repo.get_product(session, pid, repo.visible_statuses(include_unpublished)) is None:
        raise _product_not_found()
    model = cfg_repo.get_by_product(session, pid)
    return {"layer": model.special_layer_key if model is not None else None}


# /api/wc/coupons (staff only) lives in services/discounts/endpoints.py.


# /api/wc/orders/{id} (buyer with the order key, or staff) lives in services/checkout/order_endpoints.py.
