"""A new cart line from catalogue facts (docs/spec.md 4, 9 and 2.13): what ``ItemAdded`` records.

Pure helpers of ``decide`` (``services/cart/decider.py``): a build's checks raise the decider's
``Refused`` through ``refuse``. Money in integer minor units of both currencies.
"""

from __future__ import annotations

from services.cart import rules
from services.cart.commands import refuse
from services.cart.evolve import CartModel
from services.cart.facts import ProductFacts
from services.cart.types import CartLine, ChosenOption, ConfigurationMeta, LineStock
from services.configurator import domain as configurator_domain
from services.configurator.domain import Configurator


def stock_of(facts: ProductFacts) -> LineStock:
    """The stock facts a line records from ``facts`` (docs/events.md, the line's ``stock``)."""
    return {
        "stock_status": facts.stock_status,
        "stock_quantity": facts.stock_quantity,
        "manage_stock": facts.manage_stock,
        "backorders": facts.backorders,
    }


def configured(
    configurator: Configurator, configuration: list[str]
) -> tuple[list[ChosenOption], ConfigurationMeta]:
    """docs/spec.md 2.13: the configurator's first problem refuses the build; the chosen options
    in menu order carry the cart picture (``use_in_cart`` angle), drawing order and SKU part."""
    verdict = configurator_domain.validate(configurator, configuration)
    if verdict.problems:
        first = verdict.problems[0]
        refuse(first.code, first.message, first.status)
    cart_angle = next((a.id for a in configurator.angles if a.use_in_cart), None)
    layers = {layer.id: layer for layer in configurator.layers}
    chosen: list[ChosenOption] = []
    for c in verdict.chosen:
        picture = next((i for i in c.images if i.angle_id == cart_angle), None)
        chosen.append(
            {
                "layer_id": c.layer_id,
                "choice_id": c.id,
                "name": c.name,
                "layer_name": layers[c.layer_id].name,
                "extra_eur": max(0, c.extra_eur),
                "extra_usd": max(0, c.extra_usd),
                "has_backorder": c.preorder,
                "image": picture.url if picture else None,
                "z": layers[c.layer_id].stack + (picture.z if picture else 0),
                "sku_part": c.sku_part,
            }
        )
    return chosen, {"version": configurator.version, "hash": verdict.hash, "skus": list(verdict.skus)}


def chosen_options(facts: ProductFacts, configuration: list[str]) -> list[ChosenOption]:
    """A build checked without a configurator model (the browser's facts, the shared vectors):
    unknown choices are 422 ``invalid_configuration``, out-of-stock ones 409."""
    chosen: list[ChosenOption] = []
    for key in configuration:
        choice = facts.choices.get(key)
        if choice is None:
            refuse("invalid_configuration", f"That option is not available for {facts.name}.", 422)
        if choice.stock_status == "outofstock":
            refuse(
                "configuration_unavailable",
                f"{choice.name} is out of stock, please select something else.",
                409,
            )
        chosen.append(
            {
                "layer_id": choice.layer_id,
                "choice_id": choice.choice_id,
                "name": choice.name,
                "layer_name": choice.layer_name,
                "extra_eur": choice.extra_eur,
                "extra_usd": choice.extra_usd,
                "has_backorder": choice.has_backorder,
            }
        )
    return chosen


def new_line(
    state: CartModel, facts: ProductFacts, chosen: list[ChosenOption] | None, recommender: ProductFacts | None
) -> CartLine:
    """The line ``ItemAdded`` records for one unit of ``facts`` (docs/events.md): id
    ``L{next_line}``, prices in both currencies (minor units), the build's ``chosen`` options, and
    the recommendation discount when ``recommender`` recommends it and is in the cart (docs/spec.md
    4 and 9, "Discount price")."""
    recommended = recommender is not None and facts.product_id in recommender.recommended_product_ids
    use_discount = bool(
        recommended
        and recommender is not None
        and recommender.recommended_discount_active
        and recommender.recommended_discount > 0
        and rules.count_of(state.lines, recommender.product_id) > 0
    )
    return {
        "line_id": f"L{state.next_line}",
        "product_id": facts.product_id,
        "variation_id": facts.variation_id,
        "sku": facts.sku,
        "name": facts.name,
        "image": facts.image,
        "variation_label": facts.variation_label,
        "count": 1,
        "eur": {"regular": facts.eur.regular, "sale": facts.eur.sale},
        "usd": {"regular": facts.usd.regular, "sale": facts.usd.sale},
        "configuration": chosen,
        "recommended_by": recommender.product_id if recommended and recommender is not None else None,
        "use_discount": use_discount,
        "discount_percent": recommender.recommended_discount if use_discount and recommender else 0,
        "recommended_eur": facts.recommended_price_eur if use_discount else None,
        "recommended_usd": facts.recommended_price_usd if use_discount else None,
        "stock": stock_of(facts),
        "category_ids": list(facts.category_ids),
    }
