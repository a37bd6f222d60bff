"""The configurator's decisions (docs/spec.md section 2.13, "Configurator rules"): pure functions
over an immutable :class:`Configurator`, knowing no HTTP or SQL.

A configurator belongs to one product. It has **angles** (views such as "top" and "side"),
**layers** (case, plate, switches ...; single or multiple choice, required or not, with a menu
order and a stacking order) and **choices** (one image per angle, an extra price in EUR and USD
minor units, a SKU part and availability). **Rules** read "when these choices are all selected,
hide / disable / require / select those", each with a reason the shopper is shown.

A *configuration* is a list of choice keys ``"layer_id:choice_id"`` (the cart's command shape).
:func:`validate` decides whether a configuration can be bought and prices it; the cart's add
command, the share endpoints and the configurator UI (a TypeScript mirror held to this file by
``tests/vectors/configurator.json``) all use it.

Money is integer minor units (cents) in EUR and USD; never a float.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

StockStatus = Literal["instock", "onbackorder", "outofstock"]
RuleEffect = Literal["hide", "disable", "require", "select"]
AddButton = Literal["add", "preorder", "unavailable", "coming_soon"]

#: The add button's label per state (docs/spec.md section 4, "Configurator add button").
ADD_BUTTON_LABELS: dict[AddButton, str] = {
    "add": "Add to cart",
    "preorder": "Pre-order",
    "unavailable": "Unavailable for purchase",
    "coming_soon": "Coming Soon",
}

#: The most choices one configuration may hold (the cart command's limit, docs/spec.md section 9).
MAX_CHOICES = 30


@dataclass(frozen=True)
class Angle:
    """A view of the product: ``use_in_cart`` marks the angle the cart's thumbnail is drawn from."""

    id: str
    name: str
    use_in_cart: bool = False


@dataclass(frozen=True)
class Layer:
    """A group of choices. ``multiple`` layers take ``min_choices``..``max_choices`` choices
    (``max_choices`` 0 = no upper bound); a single layer takes at most one. ``required`` means at
    least one choice (for a multiple layer: at least ``max(1, min_choices)``). ``stack`` orders the
    layer's images in the viewer (higher is drawn on top); the list order is the menu order."""

    id: str
    name: str
    required: bool = False
    multiple: bool = False
    min_choices: int = 0
    max_choices: int = 1
    default_choice_id: str | None = None
    stack: int = 0
    description: str = ""


@dataclass(frozen=True)
class ChoiceImage:
    """A choice's picture for one angle; ``z`` adds to its layer's ``stack`` (higher on top)."""

    angle_id: str
    url: str
    z: int = 0


@dataclass(frozen=True)
class Choice:
    """One option of a layer. ``extra_eur``/``extra_usd``: extra price in minor units (a
    non-numeric source counts as 0, docs/spec.md section 5; negative extras count as 0).
    ``stock_status`` is already resolved (a choice linked to a catalogue product follows that
    product's stock). ``has_backorder`` marks a pre-order choice (docs/spec.md section 4)."""

    id: str
    layer_id: str
    name: str
    sku_part: str = ""
    extra_eur: int = 0
    extra_usd: int = 0
    stock_status: StockStatus = "instock"
    has_backorder: bool = False
    coming_soon: bool = False
    description: str = ""
    colour: str = ""
    thumbnail: str = ""
    alt: str = ""
    images: tuple[ChoiceImage, ...] = ()

    @property
    def key(self) -> str:
        """The configuration key ``"layer_id:choice_id"``."""
        return f"{self.layer_id}:{self.id}"

    @property
    def preorder(self) -> bool:
        """Bought as a pre-order: flagged ``has_backorder`` or on backorder."""
        return self.has_backorder or self.stock_status == "onbackorder"

    @property
    def available(self) -> bool:
        """Can be bought now or as a pre-order."""
        return self.stock_status != "outofstock" and not self.coming_soon


@dataclass(frozen=True)
class Rule:
    """When every choice in ``when`` (keys) is selected, ``effect`` applies to ``targets`` (keys):
    ``hide`` (not offered), ``disable`` (shown, not selectable), ``require`` (must be selected),
    ``select`` (selected for the shopper; the server treats it as ``require``). ``reason`` is
    shown to the shopper and is never empty."""

    id: str
    when: tuple[str, ...]
    effect: RuleEffect
    targets: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class Configurator:
    """A product's configurator at one ``version`` (raised on every edit). ``base_eur``/``base_usd``:
    the product's current unit price (sale price when on sale) in minor units; ``base_sku`` the
    product's SKU, the first part of every compound SKU; ``coming_soon`` the product's
    availability."""

    product_id: int
    version: int
    name: str
    base_sku: str
    base_eur: int
    base_usd: int
    angles: tuple[Angle, ...]
    layers: tuple[Layer, ...]
    choices: tuple[Choice, ...]
    rules: tuple[Rule, ...] = ()
    coming_soon: bool = False

    def choice(self, key: str) -> Choice | None:
        """The choice with ``key`` ("layer_id:choice_id"), or None."""
        return self._by_key.get(key)

    def layer(self, layer_id: str) -> Layer | None:
        """The layer with ``layer_id``, or None."""
        return next((layer for layer in self.layers if layer.id == layer_id), None)

    @property
    def _by_key(self) -> dict[str, Choice]:
        cached: dict[str, Choice] | None = self.__dict__.get("_keys")
        if cached is None:
            cached = {c.key: c for c in self.choices}
            object.__setattr__(self, "_keys", cached)
        return cached


@dataclass(frozen=True)
class Problem:
    """Why a configuration cannot be bought. ``code`` is stable (the cart's refusal code),
    ``message`` is shown to the shopper (docs/spec.md section 8), ``status`` the HTTP status the
    cart answers with (422 a malformed build, 409 a build the stock or rules refuse now)."""

    code: str
    message: str
    status: int
    layer_id: str | None = None
    choice_id: str | None = None


@dataclass(frozen=True)
class ChoiceState:
    """What the rules and stock make of one choice for the current selection: ``hidden`` (not
    offered), ``disabled`` (offered, not selectable), ``required`` (a rule needs it) and the
    ``reason`` (a rule's reason or the stock message) shown beside it; ``instead``: for a
    disabled choice, the keys of the same layer's choices that can be picked now (menu order,
    at most 3), so the shopper is told what to pick instead."""

    hidden: bool = False
    disabled: bool = False
    required: bool = False
    reason: str = ""
    instead: tuple[str, ...] = ()


@dataclass(frozen=True)
class Verdict:
    """The outcome of :func:`validate`: ``problems`` empty means the build can be bought.
    ``chosen``: the selected choices in menu order; ``eur``/``usd``: base + extras in minor units;
    ``skus``: base SKU then each choice's SKU part; ``hash``: :func:`configuration_hash`;
    ``button``: the add button's state (docs/spec.md section 4)."""

    problems: tuple[Problem, ...]
    chosen: tuple[Choice, ...]
    eur: int
    usd: int
    skus: tuple[str, ...]
    hash: str
    button: AddButton
    preorder: bool = False
    states: dict[str, ChoiceState] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """True when the configuration can be added to the cart."""
        return not self.problems


def required_message(layer_name: str) -> str:
    """'%s is required' (docs/spec.md section 8)."""
    return f"{layer_name} is required"


def out_of_stock_message(choice_name: str) -> str:
    """'%s is out of stock, please select something else.' (docs/spec.md section 8)."""
    return f"{choice_name} is out of stock, please select something else."


def choice_states(cfg: Configurator, selected: Iterable[str]) -> dict[str, ChoiceState]:
    """The state of every choice of ``cfg`` for the ``selected`` keys: rules whose ``when`` keys
    are all selected hide, disable or require their targets (the first firing rule's reason wins
    per target); a choice out of stock or coming soon is disabled with the spec's message."""
    chosen = set(selected)
    hidden: dict[str, str] = {}
    disabled: dict[str, str] = {}
    required: dict[str, str] = {}
    for rule in cfg.rules:
        if not rule.when or not all(k in chosen for k in rule.when):
            continue
        bucket = {"hide": hidden, "disable": disabled, "require": required, "select": required}[rule.effect]
        for target in rule.targets:
            bucket.setdefault(target, rule.reason)
    states: dict[str, ChoiceState] = {}
    for c in cfg.choices:
        k = c.key
        reason = hidden.get(k) or disabled.get(k) or ""
        if not reason and c.coming_soon:
            reason = f"{c.name} is coming soon."
        elif not reason and c.stock_status == "outofstock":
            reason = out_of_stock_message(c.name)
        states[k] = ChoiceState(
            hidden=k in hidden,
            disabled=bool(reason),
            required=k in required,
            reason=reason or required.get(k, ""),
        )
    for c in cfg.choices:
        state = states[c.key]
        if state.disabled and not state.hidden:
            open_ = tuple(
                o.key
                for o in cfg.choices
                if o.layer_id == c.layer_id
                and o.key != c.key
                and not states[o.key].disabled
                and not states[o.key].hidden
            )[:3]
            states[c.key] = ChoiceState(state.hidden, state.disabled, state.required, state.reason, open_)
    return states


def validate(cfg: Configurator, keys: Sequence[str]) -> Verdict:
    """Decide whether ``keys`` (choice keys "layer_id:choice_id") is a build of ``cfg`` that can
    be bought, and price it (docs/spec.md sections 4, 5 and 8).

    Problems, in this order (each with the code the cart refuses with):

    * ``invalid_configuration`` (422): more than :data:`MAX_CHOICES` keys, an unknown key, a
      key given twice, two choices in a single layer, more than ``max_choices`` in a multiple
      layer, or a choice a rule hides or disables ("… : <reason>");
    * ``configuration_required`` (422): a required layer without a choice ('%s is required'),
      a multiple layer under its minimum, or a rule's required choice missing (its reason);
    * ``configuration_unavailable`` (409): a chosen choice out of stock ('%s is out of stock,
      please select something else.') or coming soon.

    The price is ``base + sum(extras)`` per currency (extras below 0 count as 0), so never below
    the base. The verdict carries everything the cart records; it never raises.
    """
    problems: list[Problem] = []
    if len(keys) > MAX_CHOICES:
        problems.append(Problem("invalid_configuration", f"A build has at most {MAX_CHOICES} choices.", 422))
    seen: set[str] = set()
    picked: dict[str, list[Choice]] = {}
    for key in keys[: MAX_CHOICES * 2]:
        choice = cfg.choice(key)
        if choice is None:
            problems.append(
                Problem("invalid_configuration", f"That option is not available for {cfg.name}.", 422)
            )
            continue
        if key in seen:
            problems.append(
                Problem(
                    "invalid_configuration",
                    f"{choice.name} is chosen more than once.",
                    422,
                    choice.layer_id,
                    choice.id,
                )
            )
            continue
        seen.add(key)
        picked.setdefault(choice.layer_id, []).append(choice)

    states = choice_states(cfg, seen)
    for layer in cfg.layers:
        mine = picked.get(layer.id, [])
        limit = layer.max_choices if layer.multiple else 1
        if limit and len(mine) > limit:
            what = f"one {layer.name}" if limit == 1 else f"at most {limit} of {layer.name}"
            problems.append(Problem("invalid_configuration", f"Choose {what}.", 422, layer.id))
        least = max(1 if layer.required else 0, layer.min_choices if layer.multiple else 0)
        if len(mine) < least:
            message = (
                required_message(layer.name) if not mine else f"Choose at least {least} of {layer.name}."
            )
            problems.append(Problem("configuration_required", message, 422, layer.id))
        for c in mine:
            state = states[c.key]
            if state.hidden or (state.disabled and c.available):
                problems.append(
                    Problem(
                        "invalid_configuration",
                        f"{c.name}: {state.reason}",
                        422,
                        c.layer_id,
                        c.id,
                    )
                )
    for key, state in states.items():
        if state.required and key not in seen:
            target = cfg.choice(key)
            assert target is not None
            problems.append(Problem("configuration_required", state.reason, 422, target.layer_id, target.id))
    chosen = tuple(c for layer in cfg.layers for c in picked.get(layer.id, []))
    for c in chosen:
        if c.coming_soon:
            problems.append(
                Problem("configuration_unavailable", f"{c.name} is coming soon.", 409, c.layer_id, c.id)
            )
        elif c.stock_status == "outofstock":
            problems.append(
                Problem("configuration_unavailable", out_of_stock_message(c.name), 409, c.layer_id, c.id)
            )
    eur, usd = price(cfg, chosen)
    return Verdict(
        problems=tuple(problems),
        chosen=chosen,
        eur=eur,
        usd=usd,
        skus=compound_skus(cfg, chosen),
        hash=configuration_hash(cfg.product_id, [c.key for c in chosen]),
        button=add_button(cfg, chosen),
        preorder=any(c.preorder for c in chosen),
        states=states,
    )


def price(cfg: Configurator, chosen: Iterable[Choice]) -> tuple[int, int]:
    """``(eur, usd)`` in minor units: the base price plus every chosen extra (below 0 counts as
    0, docs/spec.md section 9: extras plus unit price)."""
    eur, usd = cfg.base_eur, cfg.base_usd
    for c in chosen:
        eur += max(0, c.extra_eur)
        usd += max(0, c.extra_usd)
    return eur, usd


def compound_skus(cfg: Configurator, chosen: Iterable[Choice]) -> tuple[str, ...]:
    """The SKU list of a build: the product's SKU, then each chosen choice's SKU part (menu
    order; choices without a SKU part add nothing)."""
    return (cfg.base_sku, *(c.sku_part for c in chosen if c.sku_part))


def add_button(cfg: Configurator, chosen: Iterable[Choice]) -> AddButton:
    """The configurator's add button (docs/spec.md section 4): ``coming_soon`` when the product
    is, ``unavailable`` when a choice is out of stock or coming soon, ``preorder`` when one is on
    backorder, else ``add``. Labels: :data:`ADD_BUTTON_LABELS`."""
    if cfg.coming_soon:
        return "coming_soon"
    picked = list(chosen)
    if any(not c.available for c in picked):
        return "unavailable"
    if any(c.preorder for c in picked):
        return "preorder"
    return "add"


def configuration_hash(product_id: int, keys: Iterable[str]) -> str:
    """The content address of a build: 20 hex digits of the SHA-256 of the product id and the
    sorted choice keys, so the same build always gets the same share link (docs/spec.md
    section 7, get-share-url)."""
    canonical = json.dumps({"p": product_id, "c": sorted(set(keys))}, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:20]


def default_selection(cfg: Configurator) -> list[str]:
    """The keys a new build starts with: each layer's default choice when it exists and is
    available (menu order), then what ``select`` rules add for that selection."""
    keys: list[str] = []
    for layer in cfg.layers:
        if layer.default_choice_id:
            c = cfg.choice(f"{layer.id}:{layer.default_choice_id}")
            if c is not None and c.available:
                keys.append(c.key)
    return apply_select_rules(cfg, keys)


def apply_select_rules(cfg: Configurator, keys: Sequence[str]) -> list[str]:
    """``keys`` plus the targets of every firing ``select`` rule; a selected target in a single
    layer replaces that layer's other choice. Stops after as many passes as there are rules."""
    current = list(keys)
    for _ in range(len(cfg.rules) + 1):
        changed = False
        for rule in cfg.rules:
            if rule.effect != "select" or not all(k in current for k in rule.when):
                continue
            for target in rule.targets:
                t = cfg.choice(target)
                if t is None or target in current:
                    continue
                layer = cfg.layer(t.layer_id)
                if layer is not None and not layer.multiple:
                    current = [k for k in current if not k.startswith(f"{t.layer_id}:")]
                current.append(target)
                changed = True
        if not changed:
            break
    return current


@dataclass(frozen=True)
class SharedChoice:
    """A choice as it was when a build was shared (extras in minor units)."""

    key: str
    name: str
    layer_name: str
    extra_eur: int
    extra_usd: int


@dataclass(frozen=True)
class Change:
    """What changed in the catalogue since a build was shared: ``kind`` is ``removed`` (the
    choice no longer exists and was left out), ``repriced`` (its extra price changed) or
    ``unavailable`` (out of stock or coming soon now; kept so the shopper sees why they must
    pick again). ``message`` is shown to the shopper."""

    kind: Literal["removed", "repriced", "unavailable"]
    key: str
    message: str


def restore(cfg: Configurator, shared: Sequence[SharedChoice]) -> tuple[list[str], list[Change]]:
    """Restore a shared build against the configurator as it is now (docs/spec.md section 2.13):
    the keys that still exist (in the shared order) and what changed, each change with a message
    naming the choice (prices are shown by the UI in the shopper's currency)."""
    keys: list[str] = []
    changes: list[Change] = []
    for s in shared:
        c = cfg.choice(s.key)
        if c is None:
            changes.append(
                Change("removed", s.key, f"{s.name} ({s.layer_name}) is no longer offered and was left out.")
            )
            continue
        keys.append(c.key)
        if not c.available:
            message = f"{c.name} is coming soon." if c.coming_soon else out_of_stock_message(c.name)
            changes.append(Change("unavailable", c.key, message))
        elif (c.extra_eur, c.extra_usd) != (s.extra_eur, s.extra_usd):
            changes.append(Change("repriced", c.key, f"The price of {c.name} has changed."))
    return keys, changes
