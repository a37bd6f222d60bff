"""ORM rows to WooCommerce/WordPress-shaped JSON (docs/spec.md sections 3 and 7).

Money leaves here as WooCommerce price strings with two places ("129.99"; "" when
absent): EUR in ``price``/``regular_price``/``sale_price``, USD in ``*_usd`` and in
``meta_data`` keys ``_regular_price_usd``/``_sale_price_usd``. Content blocks are
ACF flexible-content rows: ``{"acf_fc_layout": layout, **fields}``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from services.catalog.models import (
    Category,
    ColourSwatch,
    ContentBlock,
    Country,
    Filter,
    Menu,
    Page,
    Post,
    Product,
    ProductImage,
    TaxRate,
    Variation,
)
from services.catalog.sales import SaleRow, current_prices, utc_now
from services.configurator import domain as configurator
from services.shared.money import format_amount

Json = dict[str, Any]

# WooCommerce's default label of an external product's button (docs/spec.md section 10.2)
EXTERNAL_BUTTON_TEXT = "Buy product"


def block(b: ContentBlock) -> Json:
    """One content block as an ACF flexible-content row."""
    return {"acf_fc_layout": b.layout, **(b.fields or {})}


def blocks(rows: list[ContentBlock] | None) -> list[Json]:
    """Blocks in their stored order."""
    return [block(b) for b in rows or []]


def _effective(regular: int | None, sale: int | None) -> int | None:
    return sale if sale is not None else regular


def _on_sale(regular: int | None, sale: int | None) -> bool:
    return sale is not None and (regular is None or sale < regular)


def _price_fields(
    reg_eur: int | None, sale_eur: int | None, reg_usd: int | None, sale_usd: int | None
) -> Json:
    return {
        "price": format_amount(_effective(reg_eur, sale_eur)),
        "regular_price": format_amount(reg_eur),
        "sale_price": format_amount(sale_eur),
        "price_usd": format_amount(_effective(reg_usd, sale_usd)),
        "regular_price_usd": format_amount(reg_usd),
        "sale_price_usd": format_amount(sale_usd),
        "on_sale": _on_sale(reg_eur, sale_eur) or _on_sale(reg_usd, sale_usd),
        "meta_data": [
            {"key": "_regular_price_usd", "value": format_amount(reg_usd)},
            {"key": "_sale_price_usd", "value": format_amount(sale_usd)},
        ],
    }


def _sale_dates(row: SaleRow) -> Json:
    """WooCommerce's ``date_on_sale_from``/``date_on_sale_to`` (ISO 8601, UTC, or None)."""
    return {
        "date_on_sale_from": _iso(row.date_on_sale_from),
        "date_on_sale_to": _iso(row.date_on_sale_to),
    }


def _iso(value: datetime | None) -> str | None:
    return value.isoformat(timespec="seconds") if value is not None else None


def _row_prices(row: SaleRow, now: datetime) -> Json:
    """A row's price fields now: the sale price only inside its sale window (``sales.py``,
    docs/spec.md section 10.4), so ``sale_price`` is "" outside it."""
    c = current_prices(row, now)
    return {**_price_fields(c.regular_eur, c.sale_eur, c.regular_usd, c.sale_usd), **_sale_dates(row)}


def _product_prices(p: Product) -> Json:
    """A variable product shows its lowest published variation price (docs/spec.md section 9),
    every price as it is now (scheduled sales, docs/spec.md section 10.4)."""
    now = utc_now()
    live = [v for v in p.variations if v.status == "publish"]
    if p.type == "variable" and live:
        prices = {v.id: current_prices(v, now) for v in live}
        cheapest_eur = min(
            live, key=lambda v: _effective(prices[v.id].regular_eur, prices[v.id].sale_eur) or 0
        )
        cheapest_usd = min(
            live, key=lambda v: _effective(prices[v.id].regular_usd, prices[v.id].sale_usd) or 0
        )
        fields = _price_fields(
            prices[cheapest_eur.id].regular_eur,
            prices[cheapest_eur.id].sale_eur,
            prices[cheapest_usd.id].regular_usd,
            prices[cheapest_usd.id].sale_usd,
        )
        fields["on_sale"] = any(
            _on_sale(c.regular_eur, c.sale_eur) or _on_sale(c.regular_usd, c.sale_usd)
            for c in prices.values()
        )
        return {**fields, **_sale_dates(p)}
    return _row_prices(p, now)


def gallery_images(p: Product) -> list[ProductImage]:
    """The images a product page's gallery shows, in order: the gallery, front and back images,
    or every image when it has none of those. The first is the page's main (largest) image."""
    return [i for i in p.images if i.role in ("gallery", "front", "back")] or list(p.images)


def _image_src(p: Product, role: str) -> str | None:
    return next((i.src for i in p.images if i.role == role), None)


def configuration_entries(cfg: configurator.Configurator | None) -> list[Json]:
    """The flat configurator entries of docs/spec.md section 3 ("Configuration entry"), made from
    the configurator (``services/configurator``; [] without one): per layer in menu order, one
    layer entry (``is_choice`` false, ``angle_id`` the first angle, ``image`` None), then one
    entry per choice per angle it has an image for. ``extra_price``/``extra_price_usd``: the
    extra as decimal text ("19.90"); ``sku`` the choice's SKU part; ``stock_status`` already
    resolved (a linked choice follows its product); ``required`` the layer's flag; ``id``
    numbers the entries from 1."""
    if cfg is None:
        return []
    first_angle = cfg.angles[0].id if cfg.angles else None
    entries: list[Json] = []

    def add(**fields: Any) -> None:
        entries.append({"id": len(entries) + 1, **fields})

    for layer in cfg.layers:
        add(is_choice=False, layer_id=layer.id, choice_id=None, angle_id=first_angle, image=None,
            name=layer.name, layer_name=layer.name, sku=None, extra_price="0.00", extra_price_usd="0.00",
            stock_status="instock", has_backorder=False, required=layer.required)  # fmt: skip
        for c in cfg.choices:
            if c.layer_id != layer.id:
                continue
            for image in c.images:
                add(is_choice=True, layer_id=layer.id, choice_id=c.id, angle_id=image.angle_id,
                    image=image.url, name=c.name, layer_name=layer.name, sku=c.sku_part or None,
                    extra_price=format_amount(c.extra_eur), extra_price_usd=format_amount(c.extra_usd),
                    stock_status=c.stock_status, has_backorder=c.has_backorder,
                    required=layer.required)  # fmt: skip
    return entries


def product(
    p: Product,
    site_host: str,
    product_blocks: dict[str, list[ContentBlock]] | None = None,
    cfg: configurator.Configurator | None = None,
) -> Json:
    """A product in WooCommerce REST shape plus the spec's extra fields and ``acf`` content
    fields; ``configurations`` are the flat entries of its configurator ``cfg``
    (:func:`configuration_entries`)."""
    product_blocks = product_blocks or {}
    categories = sorted(p.categories, key=lambda c: c.id)
    primary = categories[0].slug if categories else "product"
    gallery = gallery_images(p)
    return {
        "id": p.id,
        "name": p.name,
        "slug": p.slug,
        "permalink": f"https://{site_host}/wp/product/{primary}/{p.slug}/",
        "type": p.type,
        "status": p.status,
        "featured": p.featured,
        "description": p.description,
        "short_description": p.short_description,
        "sku": p.sku or "",
        "date_created": p.date_created.isoformat(timespec="seconds") if p.date_created else None,
        **_product_prices(p),
        "stock_status": p.stock_status,
        "stock_quantity": p.stock_quantity,
        "manage_stock": p.manage_stock,
        "backorders": p.backorders,
        "backorders_allowed": p.backorders in ("yes", "notify"),
        "variations": [v.id for v in p.variations if v.status == "publish"],
        "attributes": [
            {
                "id": a.id,
                "name": a.name,
                "position": a.position,
                "visible": a.visible,
                "variation": a.variation,
                "options": list(a.options or []),
            }
            for a in p.attributes
        ],
        "categories": [{"id": c.id, "name": c.name, "slug": c.slug} for c in categories],
        "tags": [{"id": t.id, "name": t.name, "slug": t.slug} for t in sorted(p.tags, key=lambda t: t.id)],
        "images": [
            {"id": i.id, "src": i.src, "alt": i.alt, "width": i.width, "height": i.height} for i in gallery
        ],
        "cross_sell_ids": list(p.cross_sell_ids or []),
        "upsell_ids": list(p.upsell_ids or []),
        "grouped_products": list(p.grouped_ids or []),
        "external_url": p.external_url or "",
        "button_text": (p.button_text or EXTERNAL_BUTTON_TEXT)
        if p.type == "external"
        else (p.button_text or ""),
        "catalog_visibility": p.catalog_visibility,
        "virtual": p.virtual,
        "isConfigurable": p.is_configurable,
        "configurations": configuration_entries(cfg),
        "use_recommended_products_price": p.use_recommended_products_price,
        "recommended_products_price": format_amount(p.recommended_products_price_eur),
        "recommended_products_price_usd": format_amount(p.recommended_products_price_usd),
        "filters": sorted(f.id for f in p.filters),
        "acf": {
            "availability": p.availability,
            "hide_product": p.hide_product,
            "image_front": _image_src(p, "front"),
            "image_back": _image_src(p, "back"),
            "images": [{"image_front": i.src} for i in gallery],
            "configuration_image": _image_src(p, "configuration"),
            "short_description": p.short_description,
            "info_field": p.info_field,
            "colour_variations": p.colour_variations,
            "special_notice": p.special_notice,
            "show_both_configure_and_buy": p.show_both_configure_and_buy,
            "showConfiguratorLink": p.show_configurator_link,
            "configuratorLink": p.configurator_link,
            "buttonText": p.acf_button_text,
            "btn_fade": p.btn_fade,
            "configurator_modal": p.configurator_modal,
            "recommended_products": list(p.recommended_product_ids or []),
            "recommended_products_discount": p.recommended_products_discount,
            "recommended_products_title": p.recommended_products_title,
            "activate_recommended_products_discount": p.activate_recommended_products_discount,
            "recommended_products_text_area": p.recommended_products_text_area,
            "category_connection": p.category_connection,
            "hero": blocks(product_blocks.get("hero")),
            "content": blocks(product_blocks.get("body")),
        },
    }


def variation(v: Variation) -> Json:
    """A variation in WooCommerce REST shape with EUR and USD prices."""
    return {
        "id": v.id,
        "parent_id": v.product_id,
        "sku": v.sku or "",
        "status": v.status,
        "description": v.description,
        **_row_prices(v, utc_now()),
        "virtual": v.virtual,
        "stock_status": v.stock_status,
        "stock_quantity": v.stock_quantity,
        "manage_stock": v.manage_stock,
        "backorders": v.backorders,
        "backorders_allowed": v.backorders in ("yes", "notify"),
        "attributes": [
            {"name": a.get("name", ""), "option": a.get("option", "")} for a in v.attributes or []
        ],
        "image": {"src": v.image_src} if v.image_src else None,
        "colour_swatch_id": v.colour_swatch_id,
        "menu_order": v.menu_order,
    }


def category(c: Category, category_blocks: dict[str, list[ContentBlock]] | None = None) -> Json:
    """A product category with its page content (hero, header/footer content, tag groups)."""
    category_blocks = category_blocks or {}
    return {
        "id": c.id,
        "name": c.name,
        "slug": c.slug,
        "parent": c.parent_id or 0,
        "description": c.description,
        "menu_order": c.menu_order,
        "image": {"src": c.image} if c.image else None,
        "acf": {
            "hero": blocks(category_blocks.get("hero")),
            "header_content": blocks(category_blocks.get("header")),
            "footer_content": blocks(category_blocks.get("footer")),
            "groups": [
                {
                    "tag": {"id": g.tag.id, "name": g.tag.name, "slug": g.tag.slug},
                    "description": g.description,
                }
                for g in c.tag_groups
            ],
        },
    }


def page(p: Page, page_blocks: dict[str, list[ContentBlock]] | None = None) -> Json:
    """A WordPress page with ``acf.content`` (body blocks), ``acf.hero`` and ``acf.promos``."""
    page_blocks = page_blocks or {}
    return {
        "id": p.id,
        "slug": p.slug,
        "status": p.status,
        "parent": p.parent_id or 0,
        "template": p.template or "",
        "title": {"rendered": p.title},
        "content": {"rendered": p.content},
        "acf": {
            "hero": blocks(page_blocks.get("hero")),
            "content": blocks(page_blocks.get("body")),
            "promos": blocks(page_blocks.get("promo"))[:4],
        },
    }


def post(p: Post) -> Json:
    """A WordPress post (title/content/excerpt as ``{"rendered": html}``)."""
    return {
        "id": p.id,
        "slug": p.slug,
        "date": p.date.isoformat(timespec="seconds"),
        "status": p.status,
        "title": {"rendered": p.title},
        "content": {"rendered": p.content},
        "excerpt": {"rendered": p.excerpt},
        "categories": [p.category_id],
        "featured_image": p.image,
    }


def news_item(p: Post, site_host: str) -> Json:
    """A news-feed item (docs/spec.md section 3: id, title, image, summary, link)."""
    return {
        "id": p.id,
        "title": p.title,
        "image": p.image,
        "summary": p.excerpt,
        "date": p.date.isoformat(timespec="seconds"),
        "link": f"https://{site_host}/{p.slug}/",
    }


def menu(m: Menu) -> Json:
    """A menu with flat items; ``parent`` 0 marks top level (docs/spec.md section 3: name, items id/url/title)."""
    return {
        "id": m.id,
        "name": m.name,
        "slug": m.slug,
        "items": [
            {
                "id": i.id,
                "title": i.title,
                "url": i.url,
                "slug": i.slug,
                "parent": i.parent_id or 0,
                "position": i.position,
                "in_menu": i.in_menu,
                "parent_link": i.parent_link,
            }
            for i in m.items
        ],
    }


def country(c: Country) -> Json:
    """A row of the country table (docs/spec.md section 3: code, full name, currency)."""
    return {"code": c.code, "name": c.name, "currency": c.currency, "is_eu": c.is_eu}


def tax_rate(t: TaxRate) -> Json:
    """A tax rate in WooCommerce shape; ``rate`` is a percent string with 4 places ("19.0000")."""
    return {
        "id": t.id,
        "country": t.country,
        "state": t.state,
        "rate": f"{t.rate_bp // 100}.{t.rate_bp % 100:02d}00",
        "name": t.name,
        "priority": t.priority,
        "shipping": t.shipping,
    }


def swatch(s: ColourSwatch) -> Json:
    """A colour swatch (docs/spec.md section 3: id, colour)."""
    return {"id": s.id, "name": s.name, "colour": s.colour}


def filter_term(f: Filter) -> Json:
    """A filter term (docs/spec.md section 3): ``parent`` 0 at top level, ``order`` a number or "last"."""
    return {
        "id": f.id,
        "parent": f.parent_id or 0,
        "name": f.name,
        "slug": f.slug,
        "order": "last" if f.order_last else (f.position if f.position is not None else 0),
        "depends_on": f.depends_on,
        "isColour": f.is_colour,
        "colours": {
            "colour_amount": f.colour_amount,
            "first_colour": f.first_colour,
            "second_colour": f.second_colour,
        }
        if f.is_colour
        else None,
    }
