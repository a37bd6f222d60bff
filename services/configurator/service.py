"""The configurator's use cases (docs/spec.md section 2.13): load a product's configurator as a
:class:`services.configurator.domain.Configurator`, quote a build, share it and restore it.

The decisions are in ``domain.py``; the SQL in ``repository.py``. Money is integer minor units
(EUR and USD). The catalogue, the cart and the checkout read configurators through :func:`configurators_for`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy.orm import Session

from services.cart.rules import base_price
from services.catalog.models import Product
from services.catalog.sales import current_prices
from services.configurator import domain
from services.configurator import repository as repo
from services.configurator.models import ConfiguratorModel
from services.shared.errors import Invalid, NotFound

_STOCK: frozenset[str] = frozenset({"instock", "onbackorder", "outofstock"})
_EFFECTS: frozenset[str] = frozenset({"hide", "disable", "require", "select"})


@dataclass(frozen=True)
class Loaded:
    """A configurator as stored (``model``), its product and its decision model (``cfg``)."""

    model: ConfiguratorModel
    product: Product
    cfg: domain.Configurator


def not_found() -> NotFound:
    """404 ``configurator_not_found``."""
    return NotFound("configurator_not_found", "That product has no configurator.")


def _stock(status: str) -> domain.StockStatus:
    # an unknown stock text is not sold (docs/spec.md section 4: only in stock or backorder sells)
    return cast(domain.StockStatus, status if status in _STOCK else "outofstock")


def product_price(product: Product) -> tuple[int, int]:
    """``(eur, usd)`` in minor units: the product's current unit price, sale price when on sale
    else regular, read exactly as the cart reads it (``services.cart.rules.base_price``: USD at
    least 1.00)."""
    now = current_prices(product)  # a scheduled sale only inside its window (docs/spec.md section 10.4)
    line = {
        "eur": {"regular": now.regular_eur or 0, "sale": now.sale_eur},
        "usd": {"regular": now.regular_usd or 0, "sale": now.sale_usd},
    }
    return base_price(line, "EUR"), base_price(line, "USD")


def to_domain(
    model: ConfiguratorModel, product: Product, linked: dict[int, repo.LinkedStock]
) -> domain.Configurator:
    """The decision model of ``model`` for ``product``: base price (:func:`product_price`),
    layers in menu order, choices in layer then choice order, a linked choice's stock from its
    catalogue product (``linked``), negative extras as 0 (docs/spec.md section 5)."""
    layers: list[domain.Layer] = []
    choices: list[domain.Choice] = []
    for layer in model.layers:
        layers.append(
            domain.Layer(
                id=layer.key,
                name=layer.name,
                required=layer.required,
                multiple=layer.multiple,
                min_choices=layer.min_choices,
                max_choices=layer.max_choices,
                default_choice_id=layer.default_choice_key,
                stack=layer.stack,
                description=layer.description,
            )
        )
        for c in layer.choices:
            stock, backorder = c.stock_status, c.has_backorder
            if c.linked_product_id is not None and c.linked_product_id in linked:
                found = linked[c.linked_product_id]
                stock, backorder = found.stock_status, found.has_backorder
            choices.append(
                domain.Choice(
                    id=c.key,
                    layer_id=layer.key,
                    name=c.name,
                    sku_part=c.sku_part,
                    extra_eur=max(0, c.extra_eur),
                    extra_usd=max(0, c.extra_usd),
                    stock_status=_stock(stock),
                    has_backorder=backorder,
                    coming_soon=c.coming_soon,
                    description=c.description,
                    colour=c.colour,
                    thumbnail=c.thumbnail,
                    alt=c.alt,
                    images=tuple(domain.ChoiceImage(i.angle_key, i.url, i.z) for i in c.images),
                )
            )
    rules = tuple(
        domain.Rule(
            id=f"r{r.id}",
            when=tuple(r.when_keys or ()),
            effect=cast(domain.RuleEffect, r.effect),
            targets=tuple(r.target_keys or ()),
            reason=r.reason,
        )
        for r in model.rules
        if r.effect in _EFFECTS
    )
    eur, usd = product_price(product)
    return domain.Configurator(
        product_id=product.id,
        version=model.version,
        name=product.name,
        base_sku=product.sku or "",
        base_eur=eur,
        base_usd=usd,
        angles=tuple(domain.Angle(a.key, a.name, a.use_in_cart) for a in model.angles),
        layers=tuple(layers),
        choices=tuple(choices),
        rules=rules,
        coming_soon=product.availability == "coming_soon",
    )


def load(
    session: Session, product_ids: Iterable[int], statuses: Sequence[str] | None = None
) -> dict[int, Loaded]:
    """The configurators of ``product_ids`` by product id (products whose status is in
    ``statuses`` when given; products without a configurator are left out)."""
    models = repo.by_products(session, product_ids)
    found = repo.products(session, models, statuses)
    linked = repo.linked_stock(session, models.values())
    return {
        pid: Loaded(model, found[pid], to_domain(model, found[pid], linked))
        for pid, model in models.items()
        if pid in found
    }


def configurators_for(session: Session, products: Iterable[Product]) -> dict[int, domain.Configurator]:
    """The decision models of the configurators of ``products`` (already loaded by the caller:
    the catalogue's reads, the cart's facts, the checkout's live facts) by product id; products
    without a configurator are left out. Base price = the product's sale price when on sale else
    its regular price, minor units; linked choices follow their product's stock (docs/spec.md
    sections 2.13 and 4). Two queries, whatever the number of products."""
    found = {p.id: p for p in products}
    models = repo.by_products(session, found)
    linked = repo.linked_stock(session, models.values())
    return {pid: to_domain(model, found[pid], linked) for pid, model in models.items()}


def load_configurator(
    session: Session, product_id: int, statuses: Sequence[str] | None = None
) -> domain.Configurator | None:
    """The decision model of ``product_id``'s configurator (products whose status is in
    ``statuses`` when given), or None when it has none."""
    loaded = load(session, [product_id], statuses).get(product_id)
    return loaded.cfg if loaded is not None else None


def load_one(session: Session, product_id: int, statuses: Sequence[str] | None = None) -> Loaded:
    """The configurator of ``product_id`` as :class:`Loaded`; 404 ``configurator_not_found``."""
    loaded = load(session, [product_id], statuses).get(product_id)
    if loaded is None:
        raise not_found()
    return loaded


def document(loaded: Loaded) -> dict[str, Any]:
    """The JSON of ``GET /api/configurator/{product_id}`` (docs/api.md, Configurator): layers in
    menu order, choices in layer then choice order, money in minor units, ``defaults`` the keys
    a new build starts with (:func:`domain.default_selection`)."""
    cfg, model = loaded.cfg, loaded.model
    return {
        "product_id": cfg.product_id,
        "version": cfg.version,
        "name": cfg.name,
        "base_sku": cfg.base_sku,
        "base_eur": cfg.base_eur,
        "base_usd": cfg.base_usd,
        "coming_soon": cfg.coming_soon,
        "welcome": {"text": model.welcome_text, "background_image": model.welcome_image},
        "warning": model.warning_message,
        "special_layer_id": model.special_layer_key,
        "angles": [{"id": a.id, "name": a.name, "use_in_cart": a.use_in_cart} for a in cfg.angles],
        "layers": [
            {
                "id": layer.id,
                "name": layer.name,
                "description": layer.description,
                "required": layer.required,
                "multiple": layer.multiple,
                "min_choices": layer.min_choices,
                "max_choices": layer.max_choices,
                "default_choice_id": layer.default_choice_id,
                "stack": layer.stack,
            }
            for layer in cfg.layers
        ],
        "choices": [
            {
                "id": c.id,
                "layer_id": c.layer_id,
                "key": c.key,
                "name": c.name,
                "description": c.description,
                "colour": c.colour,
                "sku_part": c.sku_part,
                "extra_eur": c.extra_eur,
                "extra_usd": c.extra_usd,
                "stock_status": c.stock_status,
                "has_backorder": c.has_backorder,
                "coming_soon": c.coming_soon,
                "thumbnail": c.thumbnail,
                "alt": c.alt,
                "images": [{"angle_id": i.angle_id, "url": i.url, "z": i.z} for i in c.images],
            }
            for c in cfg.choices
        ],
        "rules": [
            {
                "id": r.id,
                "when": list(r.when),
                "effect": r.effect,
                "targets": list(r.targets),
                "reason": r.reason,
            }
            for r in cfg.rules
        ],
        "defaults": domain.default_selection(cfg),
    }


def quote(cfg: domain.Configurator, keys: Sequence[str]) -> dict[str, Any]:
    """The JSON of ``POST /api/configurator/{product_id}/quote``: :func:`domain.validate` of
    ``keys`` (``ok``, ``problems`` with code/message/layer_id/choice_id, ``eur``/``usd`` minor
    units, ``skus``, ``hash``, ``button`` and its label, ``preorder``)."""
    verdict = domain.validate(cfg, keys)
    return {
        "ok": verdict.ok,
        "problems": [
            {"code": p.code, "message": p.message, "layer_id": p.layer_id, "choice_id": p.choice_id}
            for p in verdict.problems
        ],
        "eur": verdict.eur,
        "usd": verdict.usd,
        "skus": list(verdict.skus),
        "hash": verdict.hash,
        "button": verdict.button,
        "button_label": domain.ADD_BUTTON_LABELS[verdict.button],
        "preorder": verdict.preorder,
    }


def product_path(product: Product) -> str:
    """Where a shared build opens: the product's ``configuratorLink`` when set, else its product
    page ``/{category slug}/{product slug}`` (first category by id; ``/`` without one), as the
    storefront's ``productPath`` builds it."""
    if product.configurator_link:
        link = product.configurator_link
        return link if link.startswith("/") else f"/{link}"
    categories = sorted(product.categories, key=lambda c: c.id)
    return f"/{categories[0].slug}/{product.slug}" if categories else "/"


def share(session: Session, product_id: int, keys: Sequence[str], statuses: Sequence[str]) -> tuple[str, str]:
    """Store the build ``keys`` of ``product_id`` (once per content hash) and return ``(hash,
    product path)`` (docs/spec.md section 7, get-share-url). Errors: 404
    ``configurator_not_found``; 422 ``invalid_configuration`` when a key is not one of the
    configurator's choices or is given twice, or there are more than
    :data:`domain.MAX_CHOICES`. The caller commits."""
    loaded = load_one(session, product_id, statuses)
    cfg = loaded.cfg
    if len(keys) > domain.MAX_CHOICES:
        raise Invalid("invalid_configuration", f"A build has at most {domain.MAX_CHOICES} choices.")
    chosen: list[domain.Choice] = []
    for key in keys:
        choice = cfg.choice(key)
        if choice is None:
            raise Invalid("invalid_configuration", f"That option is not available for {cfg.name}.")
        if choice in chosen:
            raise Invalid("invalid_configuration", f"{choice.name} is chosen more than once.")
        chosen.append(choice)
    layer_names = {layer.id: layer.name for layer in cfg.layers}
    share_hash = domain.configuration_hash(cfg.product_id, [c.key for c in chosen])
    if repo.get_share(session, share_hash) is None:
        rows = [
            {
                "key": c.key,
                "name": c.name,
                "layer_name": layer_names.get(c.layer_id, ""),
                "extra_eur": c.extra_eur,
                "extra_usd": c.extra_usd,
            }
            for c in chosen
        ]
        repo.put_share(session, share_hash, cfg.product_id, cfg.version, rows)
    return share_hash, product_path(loaded.product)


def share_not_found() -> NotFound:
    """404 ``share_not_found`` (docs/api.md, Configurator)."""
    return NotFound("share_not_found", "That shared build was not found.")


def shared(session: Session, share_hash: str, statuses: Sequence[str]) -> dict[str, Any]:
    """The JSON of ``POST /api/get-share-data``: the shared build restored against the
    configurator as it is now (:func:`domain.restore`): ``configuration`` (``product_id``, the
    ``version`` it was shared at, the kept ``choices`` with their current names and extras in
    minor units), ``current_version`` and ``changes`` (removed, repriced, unavailable). Error:
    404 ``share_not_found`` (unknown hash, or the product or its configurator is gone)."""
    row = repo.get_share(session, share_hash)
    if row is None:
        raise share_not_found()
    cfg = load_configurator(session, row.product_id, statuses)
    if cfg is None:
        raise share_not_found()
    before = [
        domain.SharedChoice(
            key=str(c.get("key", "")),
            name=str(c.get("name", "")),
            layer_name=str(c.get("layer_name", "")),
            extra_eur=int(c.get("extra_eur", 0)),
            extra_usd=int(c.get("extra_usd", 0)),
        )
        for c in row.choices
        if isinstance(c, dict)
    ]
    keys, changes = domain.restore(cfg, before)
    layer_names = {layer.id: layer.name for layer in cfg.layers}
    kept = [c for c in (cfg.choice(k) for k in keys) if c is not None]
    return {
        "configuration": {
            "product_id": row.product_id,
            "version": row.version,
            "choices": [
                {
                    "key": c.key,
                    "layer_id": c.layer_id,
                    "choice_id": c.id,
                    "name": c.name,
                    "layer_name": layer_names.get(c.layer_id, ""),
                    "extra_eur": c.extra_eur,
                    "extra_usd": c.extra_usd,
                }
                for c in kept
            ],
        },
        "current_version": cfg.version,
        "changes": [{"kind": ch.kind, "key": ch.key, "message": ch.message} for ch in changes],
    }
