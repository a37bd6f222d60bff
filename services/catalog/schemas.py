"""Response shapes of the WooCommerce/WordPress-shaped read API (docs/spec.md section 7), for the OpenAPI
document only.

The endpoints return the dicts of ``serializers.py`` as they are (``services/shared/routing.py``:
no response-model validation on database endpoints), so these models never change an answer;
they are attached with ``responses=`` (``documented``). ``tests/catalog/test_response_shapes.py``
checks real answers against them (strict JSON types, no undocumented fields), so the document
says what the server sends. Money fields are WooCommerce price strings with two places
("129.99"; "" when unset); ``*_usd`` are US dollars, the others euros.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Rendered(_Out):
    """WordPress's ``{"rendered": html}``."""

    rendered: str


class Block(BaseModel):
    """A content block: an ACF flexible-content row ``{"acf_fc_layout": layout, **fields}``; the
    fields depend on the layout (docs/content-blocks.md)."""

    model_config = ConfigDict(extra="allow")
    acf_fc_layout: str


class Term(_Out):
    """A category or tag reference."""

    id: int
    name: str
    slug: str


class MetaData(_Out):
    """A WooCommerce ``meta_data`` entry (``_regular_price_usd``, ``_sale_price_usd``)."""

    key: str
    value: str


class PricesAndStockOut(_Out):
    """The price and stock fields a product and a variation share (WooCommerce price strings;
    ``*_usd`` US dollars, the others euros)."""

    price: str
    regular_price: str
    sale_price: str
    price_usd: str
    regular_price_usd: str
    sale_price_usd: str
    on_sale: bool
    meta_data: list[MetaData]
    stock_status: str
    stock_quantity: int | None
    manage_stock: bool
    backorders: str
    backorders_allowed: bool
    # the scheduled sale window (ISO 8601 UTC or null: open-ended; docs/spec.md section 10.4);
    # ``sale_price``/``price`` above are the prices in force now
    date_on_sale_from: str | None
    date_on_sale_to: str | None


class ProductAttributeOut(_Out):
    """A product attribute and its options."""

    id: int
    name: str
    position: int
    visible: bool
    variation: bool
    options: list[str]


class ProductImageOut(_Out):
    """A gallery image (``src`` a URL or a media path)."""

    id: int
    src: str
    alt: str
    width: int | None
    height: int | None


class ConfigurationEntryOut(_Out):
    """A configurator entry (docs/spec.md section 3, "Configuration entry"); ``extra_price`` is the
    choice's extra as text, as imported (non-numeric counts as 0, docs/spec.md section 5)."""

    id: int
    is_choice: bool
    layer_id: str
    choice_id: str | None
    angle_id: str | None
    image: str | None
    name: str
    layer_name: str
    sku: str | None
    extra_price: str
    extra_price_usd: str | None
    stock_status: str
    has_backorder: bool
    required: bool


class FrontImage(_Out):
    """One gallery image in ``acf.images``."""

    image_front: str


class SpecialNotice(BaseModel):
    """A product's notice banner (text and colours, CSS colour strings); fields as imported."""

    model_config = ConfigDict(extra="allow")
    text: str | None = None
    background_colour: str | None = None
    text_colour: str | None = None


class ProductAcf(_Out):
    """A product's ACF fields (docs/spec.md section 3): texts, flags, configurator settings,
    recommended products and the ``hero``/``content`` blocks."""

    availability: str | None
    hide_product: bool
    image_front: str | None
    image_back: str | None
    images: list[FrontImage]
    configuration_image: str | None
    short_description: str
    info_field: str | None
    colour_variations: list[Any] | None
    special_notice: SpecialNotice | None
    show_both_configure_and_buy: bool
    showConfiguratorLink: bool
    configuratorLink: str | None
    buttonText: str | None
    btn_fade: dict[str, Any] | None
    configurator_modal: dict[str, Any] | None
    recommended_products: list[int]
    recommended_products_discount: int
    recommended_products_title: str | None
    activate_recommended_products_discount: bool
    recommended_products_text_area: str | None
    category_connection: int | None
    hero: list[Block]
    content: list[Block]


class ProductOut(PricesAndStockOut):
    """A product in WooCommerce REST shape plus the spec's extra fields (``serializers.product``).
    A variable product's prices are those of its cheapest published variation (docs/spec.md section 9)."""

    id: int
    name: str
    slug: str
    permalink: str
    type: str
    status: str
    featured: bool
    description: str
    short_description: str
    sku: str
    date_created: str | None
    variations: list[int]
    attributes: list[ProductAttributeOut]
    categories: list[Term]
    tags: list[Term]
    images: list[ProductImageOut]
    cross_sell_ids: list[int]
    upsell_ids: list[int]
    grouped_products: list[int]
    external_url: str
    button_text: str
    catalog_visibility: str
    virtual: bool
    isConfigurable: bool
    configurations: list[ConfigurationEntryOut]
    use_recommended_products_price: bool
    recommended_products_price: str
    recommended_products_price_usd: str
    filters: list[int]
    acf: ProductAcf


class ProductFieldsOut(BaseModel):
    """``GET /api/wc/products/{id}?_fields=a,b``: only the named top-level fields of a product
    (the stock check asks for ``stock_status,variations``)."""

    model_config = ConfigDict(extra="allow")


class ChosenAttribute(_Out):
    """A variation's attribute value."""

    name: str
    option: str


class VariationImage(_Out):
    """A variation's image."""

    src: str


class VariationOut(PricesAndStockOut):
    """A variation in WooCommerce REST shape with EUR and USD prices (``serializers.variation``)."""

    id: int
    parent_id: int
    sku: str
    status: str
    description: str
    attributes: list[ChosenAttribute]
    image: VariationImage | None
    colour_swatch_id: int | None
    menu_order: int
    virtual: bool


class TagGroup(_Out):
    """A category's tag group (docs/spec.md section 2)."""

    tag: Term
    description: str


class CategoryAcf(_Out):
    """A category's page content."""

    hero: list[Block]
    header_content: list[Block]
    footer_content: list[Block]
    groups: list[TagGroup]


class CategoryImage(_Out):
    """A category's image."""

    src: str


class CategoryOut(_Out):
    """A product category with its page content (``serializers.category``); ``parent`` 0 at top level."""

    id: int
    name: str
    slug: str
    parent: int
    description: str
    menu_order: int
    image: CategoryImage | None
    acf: CategoryAcf


class PageAcf(_Out):
    """A page's blocks: ``content`` (body), ``hero`` and at most four ``promos``."""

    hero: list[Block]
    content: list[Block]
    promos: list[Block]


class PageOut(_Out):
    """A WordPress page (``serializers.page``)."""

    id: int
    slug: str
    status: str
    parent: int
    template: str
    title: Rendered
    content: Rendered
    acf: PageAcf


class PostOut(_Out):
    """A WordPress post (``serializers.post``); ``date`` ISO 8601 without a zone."""

    id: int
    slug: str
    date: str
    status: str
    title: Rendered
    content: Rendered
    excerpt: Rendered
    categories: list[int]
    featured_image: str | None


class NewsItemOut(_Out):
    """A news-feed item (docs/spec.md section 3: id, title, image, summary, link)."""

    id: int
    title: str
    image: str | None
    summary: str
    date: str
    link: str


class MenuItemOut(_Out):
    """A menu item; ``parent`` 0 at top level."""

    id: int
    title: str
    url: str
    slug: str
    parent: int
    position: int
    in_menu: bool
    parent_link: str | None


class MenuOut(_Out):
    """A menu with flat items (docs/spec.md section 3)."""

    id: int
    name: str
    slug: str
    items: list[MenuItemOut]


class CountryOut(_Out):
    """A row of the country table (docs/spec.md section 3): ISO code, full name, currency, EU member."""

    code: str
    name: str
    currency: Literal["EUR", "USD"]
    is_eu: bool


class TaxRateOut(_Out):
    """A tax rate in WooCommerce shape; ``rate`` a percent string with 4 places ("19.0000")."""

    id: int
    country: str
    state: str
    rate: str
    name: str
    priority: int
    shipping: bool


class SwatchOut(_Out):
    """A colour swatch (docs/spec.md section 3)."""

    id: int
    name: str
    colour: str


class FilterColours(_Out):
    """A colour filter's colours."""

    colour_amount: str | None
    first_colour: str | None
    second_colour: str | None


class FilterOut(_Out):
    """A filter term (docs/spec.md section 3 "Filter"): ``parent`` 0 at top level, ``order`` a number or "last"."""

    id: int
    parent: int
    name: str
    slug: str
    order: int | Literal["last"]
    depends_on: int | None
    isColour: bool
    colours: FilterColours | None


class ShortDescription(_Out):
    """A configurator product's short description (HTML)."""

    short_description: str


class SkuPrice(_Out):
    """A configurator SKU's price, WooCommerce price strings."""

    eur: str
    usd: str


class WelcomeMessage(_Out):
    """The configurator's welcome message."""

    text: str
    background_image: str


class WarningMessage(_Out):
    """The shop-wide configurator warning ("" when none)."""

    message: str


class SpecialChoices(_Out):
    """The configurator layer with special choices (null when none)."""

    layer: str | None


class CompanyOut(_Out):
    """``GET /api/company``: the seller (``services/shared/company.py``), all plain text:
    ``legal_name``, postal address (``street``, ``postcode``, ``city``, ``country``), ``email``,
    ``phone``, ``representative``, ``registration`` (register and number) and ``vat_id``."""

    legal_name: str
    street: str
    postcode: str
    city: str
    country: str
    email: str
    phone: str
    representative: str
    registration: str
    vat_id: str


class Health(_Out):
    """``GET /api/health``."""

    status: Literal["ok"]
    database: str


class SuggestedProduct(_Out):
    """A product suggested while typing: enough to name it and build its page URL."""

    id: int
    name: str
    slug: str
    categories: list[Term]


class SearchSuggestionsOut(_Out):
    """``GET /api/search-suggestions``: the query as searched (trimmed), the top products (search
    order) and the matching categories (the searched kind first), at most 5 of each."""

    query: str
    products: list[SuggestedProduct]
    categories: list[Term]
