"""Request bodies and response shapes of the configurator endpoints (docs/spec.md section 2.13;
docs/api.md, "Configurator"). Money is integer minor units (cents) in EUR and USD.

Request models validate the body (422 ``invalid_request`` from the app's handler when they do
not fit). Response models are for the OpenAPI document only: endpoints return plain JSON built
by ``service.py`` (``services/shared/routing.py``); ``tests/configurator`` checks real answers
against them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from services.configurator.domain import MAX_CHOICES

#: A configuration key "layer_id:choice_id" (at most 130 characters, docs/spec.md section 9).
Key = Annotated[str, StringConstraints(min_length=1, max_length=130)]
Keys = Annotated[list[Key], Field(max_length=MAX_CHOICES)]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class QuoteIn(_In):
    """``{"configuration": ["layer:choice", ...]}``: at most 30 keys of at most 130 characters."""

    configuration: Keys


class ShareConfigurationIn(_In):
    """The build to share: the product and its choice keys."""

    product_id: Annotated[int, Field(ge=0, le=2_147_483_647)]
    choices: Keys


class ShareIn(_In):
    """``{"configuration": {"product_id", "choices"}, "host"}``; ``host`` (the page's origin) is
    used only when it is the shop's own origin."""

    configuration: ShareConfigurationIn
    host: Annotated[str, StringConstraints(max_length=300)] | None = None


class ShareDataIn(_In):
    """``{"hash": "<20 hex>"}``."""

    hash: Annotated[str, StringConstraints(min_length=1, max_length=64)]


class WelcomeOut(_Out):
    """The welcome message shown when the configurator opens."""

    text: str
    background_image: str


class AngleOut(_Out):
    """A view of the product; ``use_in_cart``: the cart thumbnail's angle."""

    id: str
    name: str
    use_in_cart: bool


class LayerOut(_Out):
    """A layer in menu order; ``stack`` the drawing order (higher on top)."""

    id: str
    name: str
    description: str
    required: bool
    multiple: bool
    min_choices: int
    max_choices: int
    default_choice_id: str | None
    stack: int


class ImageOut(_Out):
    """A choice's image for one angle; ``z`` adds to the layer's stack."""

    angle_id: str
    url: str
    z: int


class ChoiceOut(_Out):
    """A choice; ``extra_eur``/``extra_usd`` minor units; ``stock_status`` already resolved."""

    id: str
    layer_id: str
    key: str
    name: str
    description: str
    colour: str
    sku_part: str
    extra_eur: int
    extra_usd: int
    stock_status: Literal["instock", "onbackorder", "outofstock"]
    has_backorder: bool
    coming_soon: bool
    thumbnail: str
    alt: str
    images: list[ImageOut]


class RuleOut(_Out):
    """When every ``when`` key is selected, ``effect`` applies to ``targets``."""

    id: str
    when: list[str]
    effect: Literal["hide", "disable", "require", "select"]
    targets: list[str]
    reason: str


class ConfiguratorOut(_Out):
    """A product's configurator (``GET /api/configurator/{product_id}``); ``base_eur``/``base_usd``
    the product's current unit price in minor units; ``defaults`` the keys a new build starts with."""

    product_id: int
    version: int
    name: str
    base_sku: str
    base_eur: int
    base_usd: int
    coming_soon: bool
    welcome: WelcomeOut
    warning: str
    special_layer_id: str | None
    angles: list[AngleOut]
    layers: list[LayerOut]
    choices: list[ChoiceOut]
    rules: list[RuleOut]
    defaults: list[str]


class ConfiguratorProblemOut(_Out):
    """Why a build cannot be bought (docs/spec.md section 8 messages)."""

    code: str
    message: str
    layer_id: str | None
    choice_id: str | None


class ConfiguratorQuoteOut(_Out):
    """A priced build: ``eur``/``usd`` minor units, ``skus`` the compound SKU list, ``button``
    the add button's state and ``button_label`` its text (docs/spec.md section 4)."""

    ok: bool
    problems: list[ConfiguratorProblemOut]
    eur: int
    usd: int
    skus: list[str]
    hash: str
    button: Literal["add", "preorder", "unavailable", "coming_soon"]
    button_label: str
    preorder: bool


class ShareOut(_Out):
    """The share link and the build's content hash."""

    url: str
    hash: str


class SharedChoiceOut(_Out):
    """A restored choice with its current name and extras (minor units)."""

    key: str
    layer_id: str
    choice_id: str
    name: str
    layer_name: str
    extra_eur: int
    extra_usd: int


class SharedConfigurationOut(_Out):
    """The restored build; ``version``: the configurator version it was shared at."""

    product_id: int
    version: int
    choices: list[SharedChoiceOut]


class ChangeOut(_Out):
    """What changed since the build was shared."""

    kind: Literal["removed", "repriced", "unavailable"]
    key: str
    message: str


class ShareDataOut(_Out):
    """A shared build restored against the configurator as it is now."""

    configuration: SharedConfigurationOut
    current_version: int
    changes: list[ChangeOut]
