"""The configurator's pure decisions (services/configurator/domain.py; docs/spec.md sections
2.13, 4, 5, 7 and 8) on a small handwritten configurator, with hypothesis properties."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import assume, given
from hypothesis import strategies as st

from services.configurator.domain import (
    ADD_BUTTON_LABELS,
    MAX_CHOICES,
    Angle,
    Change,
    Choice,
    Configurator,
    Layer,
    Rule,
    SharedChoice,
    StockStatus,
    apply_select_rules,
    configuration_hash,
    default_selection,
    restore,
    validate,
)

ANGLES = (Angle("top", "Top", use_in_cart=True), Angle("side", "Side"))


def _cfg(
    *, rules: tuple[Rule, ...] = (), coming_soon: bool = False, **changes: dict[str, object]
) -> Configurator:
    """A small keyboard: case (required), caps (required), cable (optional), extras (multiple,
    1..2 when chosen, max 2). ``changes``: choice key with "-" for ":" -> fields to replace."""
    choices = [
        Choice("black", "case", "Black case", "C-BLK"),
        Choice("red", "case", "Red case", "C-RED", extra_eur=1990, extra_usd=2190),
        Choice("low", "case", "Low case", "C-LOW", extra_eur=500, extra_usd=600),
        Choice("pbt", "caps", "PBT caps", "K-PBT"),
        Choice("sa", "caps", "SA caps", "K-SA", extra_eur=1500, extra_usd=1700),
        Choice("std", "cable", "Standard cable", ""),
        Choice("coil", "cable", "Coiled cable", "CB-COIL", extra_eur=2490, extra_usd=2790),
        Choice("wrist", "extras", "Wrist rest", "X-WR", extra_eur=3490, extra_usd=3790),
        Choice("films", "extras", "Switch films", "X-FI", extra_eur=990, extra_usd=1090),
        Choice("keeper", "extras", "Cable keeper", "X-KE"),
    ]
    out = []
    for c in choices:
        fields = changes.get(f"{c.layer_id}-{c.id}")
        out.append(replace(c, **fields) if fields else c)
    return Configurator(
        product_id=7,
        version=2,
        name="Test Board",
        base_sku="TB",
        base_eur=10000,
        base_usd=11000,
        angles=ANGLES,
        layers=(
            Layer("case", "Case", required=True, default_choice_id="black", stack=10),
            Layer("caps", "Keycaps", required=True, default_choice_id="pbt", stack=40),
            Layer("cable", "Cable", default_choice_id="std", stack=50),
            Layer("extras", "Extras", multiple=True, min_choices=0, max_choices=2, stack=5),
        ),
        choices=tuple(out),
        rules=rules,
        coming_soon=coming_soon,
    )


BASE = ["case:black", "caps:pbt"]
SA_LOW = Rule("r1", ("caps:sa",), "disable", ("case:low",), "SA keycaps are too tall for the low case.")
COIL_KEEPER = Rule(
    "r2", ("cable:coil",), "select", ("extras:keeper",), "The coiled cable comes with a keeper."
)
RED_WRIST = Rule("r3", ("case:red",), "require", ("extras:wrist",), "The red case ships with its wrist rest.")
LOW_COIL = Rule("r4", ("case:low",), "hide", ("cable:coil",), "The coiled cable does not fit the low case.")
ALL_RULES = (SA_LOW, COIL_KEEPER, RED_WRIST, LOW_COIL)


def _messages(cfg: Configurator, keys: list[str]) -> list[str]:
    return [p.message for p in validate(cfg, keys).problems]


def test_a_complete_build_is_ok_and_priced() -> None:
    cfg = _cfg()
    verdict = validate(cfg, ["caps:sa", "case:red", "cable:coil", "extras:films"])
    assert verdict.ok and verdict.button == "add" and not verdict.preorder
    assert (verdict.eur, verdict.usd) == (10000 + 1990 + 1500 + 2490 + 990, 11000 + 2190 + 1700 + 2790 + 1090)
    # menu order, not the given order; SKU parts after the base SKU
    assert [c.key for c in verdict.chosen] == ["case:red", "caps:sa", "cable:coil", "extras:films"]
    assert verdict.skus == ("TB", "C-RED", "K-SA", "CB-COIL", "X-FI")


def test_required_layers() -> None:
    cfg = _cfg()
    verdict = validate(cfg, [])
    assert [(p.code, p.message, p.status, p.layer_id) for p in verdict.problems] == [
        ("configuration_required", "Case is required", 422, "case"),
        ("configuration_required", "Keycaps is required", 422, "caps"),
    ]
    assert _messages(cfg, ["case:black"]) == ["Keycaps is required"]


def test_single_layer_takes_one_of_its_two_choices() -> None:
    cfg = _cfg()
    verdict = validate(cfg, [*BASE, "cable:std", "cable:coil"])
    assert [(p.code, p.message, p.layer_id) for p in verdict.problems] == [
        ("invalid_configuration", "Choose one Cable.", "cable")
    ]
    assert validate(cfg, [*BASE, "cable:std"]).ok and validate(cfg, [*BASE, "cable:coil"]).ok


def test_the_same_choice_twice_and_thirty_times() -> None:
    cfg = _cfg()
    twice = validate(cfg, [*BASE, "extras:films", "extras:films"])
    assert [(p.code, p.message, p.choice_id) for p in twice.problems] == [
        ("invalid_configuration", "Switch films is chosen more than once.", "films")
    ]
    assert twice.eur == 10000 + 990  # counted once
    many = validate(cfg, [*BASE] + ["extras:films"] * 28)
    assert len(many.problems) == 27 and {p.code for p in many.problems} == {"invalid_configuration"}
    thirty = validate(cfg, ["extras:films"] * MAX_CHOICES)  # at the limit: one films, 29 repeats
    assert [p.message for p in thirty.problems].count("Switch films is chosen more than once.") == 29
    assert [p.message for p in thirty.problems][29:] == ["Case is required", "Keycaps is required"]
    assert [c.key for c in thirty.chosen] == ["extras:films"]
    over = validate(cfg, [*BASE] + ["extras:films"] * (MAX_CHOICES - 1))
    assert over.problems[0].message == f"A build has at most {MAX_CHOICES} choices."


def test_unknown_keys() -> None:
    cfg = _cfg()
    for key in ("case:gold", "nope", "", "case", ":black", "caps:black"):
        verdict = validate(cfg, [*BASE, key])
        assert [(p.code, p.status, p.message) for p in verdict.problems] == [
            ("invalid_configuration", 422, "That option is not available for Test Board.")
        ], key


def test_out_of_stock_and_coming_soon() -> None:
    cfg = _cfg(**{"case-red": {"stock_status": "outofstock"}, "cable-coil": {"coming_soon": True}})
    verdict = validate(cfg, ["case:red", "caps:pbt", "cable:coil"])
    assert [(p.code, p.status, p.message) for p in verdict.problems] == [
        ("configuration_unavailable", 409, "Red case is out of stock, please select something else."),
        ("configuration_unavailable", 409, "Coiled cable is coming soon."),
    ]
    assert verdict.button == "unavailable"
    states = verdict.states
    assert states["case:red"].disabled and states["case:red"].reason.endswith("please select something else.")
    assert states["case:red"].instead == ("case:black", "case:low")
    assert states["cable:coil"].disabled and states["cable:coil"].reason == "Coiled cable is coming soon."


def test_disable_rule_with_its_reason_and_instead() -> None:
    cfg = _cfg(rules=ALL_RULES)
    verdict = validate(cfg, ["case:low", "caps:sa"])
    assert [(p.code, p.message, p.choice_id) for p in verdict.problems] == [
        ("invalid_configuration", "Low case: SA keycaps are too tall for the low case.", "low")
    ]
    state = verdict.states["case:low"]
    assert state.disabled and not state.hidden and state.reason == SA_LOW.reason
    assert state.instead == ("case:black", "case:red")
    assert not validate(cfg, ["case:low", "caps:pbt"]).states["case:low"].disabled


def test_hide_rule() -> None:
    cfg = _cfg(rules=ALL_RULES)
    build = ["case:low", "caps:pbt", "cable:coil", "extras:keeper"]
    verdict = validate(cfg, build)
    assert _messages(cfg, build) == ["Coiled cable: The coiled cable does not fit the low case."]
    assert verdict.states["cable:coil"].hidden and verdict.states["cable:coil"].instead == ()


def test_require_rule() -> None:
    cfg = _cfg(rules=ALL_RULES)
    verdict = validate(cfg, ["case:red", "caps:pbt"])
    assert [(p.code, p.message, p.layer_id, p.choice_id) for p in verdict.problems] == [
        ("configuration_required", RED_WRIST.reason, "extras", "wrist")
    ]
    assert verdict.states["extras:wrist"].required
    assert validate(cfg, ["case:red", "caps:pbt", "extras:wrist"]).ok


def test_select_rule() -> None:
    cfg = _cfg(rules=ALL_RULES)
    assert _messages(cfg, [*BASE, "cable:coil"]) == [COIL_KEEPER.reason]  # the server requires it
    selected = apply_select_rules(cfg, [*BASE, "cable:coil"])
    assert selected == [*BASE, "cable:coil", "extras:keeper"] and validate(cfg, selected).ok
    # a select target in a single layer replaces that layer's choice
    swap = _cfg(rules=(Rule("s", ("caps:sa",), "select", ("case:red",), "SA caps come with the red case."),))
    assert apply_select_rules(swap, ["case:black", "caps:sa"]) == ["caps:sa", "case:red"]


def test_multiple_layer_min_and_max() -> None:
    cfg = _cfg()
    assert validate(cfg, [*BASE, "extras:wrist", "extras:films"]).ok
    assert _messages(cfg, [*BASE, "extras:wrist", "extras:films", "extras:keeper"]) == [
        "Choose at most 2 of Extras."
    ]
    needs_two = replace(cfg, layers=(*cfg.layers[:3], replace(cfg.layers[3], required=True, min_choices=2)))
    assert _messages(needs_two, BASE) == ["Extras is required"]
    assert _messages(needs_two, [*BASE, "extras:films"]) == ["Choose at least 2 of Extras."]
    assert validate(needs_two, [*BASE, "extras:films", "extras:wrist"]).ok


def test_add_button_states_and_labels() -> None:
    assert ADD_BUTTON_LABELS == {
        "add": "Add to cart",
        "preorder": "Pre-order",
        "unavailable": "Unavailable for purchase",
        "coming_soon": "Coming Soon",
    }
    assert validate(_cfg(), BASE).button == "add"
    backorder = validate(_cfg(**{"case-red": {"has_backorder": True}}), ["case:red", "caps:pbt"])
    assert backorder.button == "preorder" and backorder.preorder and backorder.ok
    onbackorder = validate(_cfg(**{"caps-sa": {"stock_status": "onbackorder"}}), ["case:black", "caps:sa"])
    assert onbackorder.button == "preorder" and onbackorder.ok
    assert validate(
        _cfg(**{"caps-sa": {"stock_status": "outofstock"}}), ["case:black", "caps:sa"]
    ).button == ("unavailable")
    soon = validate(_cfg(coming_soon=True), BASE)
    assert soon.button == "coming_soon"


def test_default_selection_skips_unavailable_defaults_and_applies_select_rules() -> None:
    assert default_selection(_cfg()) == ["case:black", "caps:pbt", "cable:std"]
    gone = _cfg(**{"case-black": {"stock_status": "outofstock"}})
    assert default_selection(gone) == ["caps:pbt", "cable:std"]
    coil_default = replace(_cfg(rules=ALL_RULES), layers=(*_cfg().layers[:2], Layer("cable", "Cable",
                           default_choice_id="coil"), _cfg().layers[3]))  # fmt: skip
    assert default_selection(coil_default) == ["case:black", "caps:pbt", "cable:coil", "extras:keeper"]


def test_hash_is_stable_and_order_independent() -> None:
    a = configuration_hash(7, ["case:black", "caps:pbt", "extras:films"])
    assert a == configuration_hash(7, ["extras:films", "case:black", "caps:pbt"])
    assert a == configuration_hash(7, ["extras:films", "case:black", "caps:pbt", "caps:pbt"])
    assert len(a) == 20 and int(a, 16) >= 0
    assert a != configuration_hash(8, ["case:black", "caps:pbt", "extras:films"])
    assert a != configuration_hash(7, ["case:black", "caps:pbt"])
    assert validate(_cfg(), ["caps:pbt", "case:black", "extras:films"]).hash == a


def test_restore_reports_removed_repriced_and_unavailable() -> None:
    shared = [
        SharedChoice("case:red", "Red case", "Case", 1990, 2190),
        SharedChoice("caps:gone", "Gone caps", "Keycaps", 0, 0),
        SharedChoice("cable:coil", "Coiled cable", "Cable", 2490, 2790),
        SharedChoice("extras:films", "Switch films", "Extras", 990, 1090),
    ]
    now = _cfg(**{"cable-coil": {"extra_eur": 2990}, "extras-films": {"stock_status": "outofstock"}})
    keys, changes = restore(now, shared)
    assert keys == ["case:red", "cable:coil", "extras:films"]
    assert [(c.kind, c.key, c.message) for c in changes] == [
        ("removed", "caps:gone", "Gone caps (Keycaps) is no longer offered and was left out."),
        ("repriced", "cable:coil", "The price of Coiled cable has changed."),
        ("unavailable", "extras:films", "Switch films is out of stock, please select something else."),
    ]
    assert restore(_cfg(), shared[:1]) == (["case:red"], [])
    soon = _cfg(**{"case-red": {"coming_soon": True}})
    assert restore(soon, shared[:1]) == (
        ["case:red"],
        [Change("unavailable", "case:red", "Red case is coming soon.")],
    )


# -- properties ------------------------------------------------------------------------------

CFG = _cfg(rules=ALL_RULES)
KEYS = [c.key for c in CFG.choices]
builds = st.lists(st.sampled_from(KEYS), max_size=12)
any_keys = st.lists(st.one_of(st.sampled_from(KEYS), st.text(max_size=20)), max_size=70)
valid_builds = st.builds(
    lambda case, caps, cable, extras: apply_select_rules(CFG, [case, caps, *cable, *extras]),
    st.sampled_from(["case:black", "case:red", "case:low"]),
    st.sampled_from(["caps:pbt", "caps:sa"]),
    st.lists(st.sampled_from(["cable:std", "cable:coil"]), max_size=1),
    st.lists(st.sampled_from(["extras:wrist", "extras:films", "extras:keeper"]), max_size=2, unique=True),
)
stocks: st.SearchStrategy[StockStatus] = st.sampled_from(["instock", "onbackorder", "outofstock"])


@given(builds, st.integers(min_value=-5000, max_value=5000))
def test_price_is_base_plus_extras_never_below_base(keys: list[str], negative_extra: int) -> None:
    cfg = _cfg(**{"cable-std": {"extra_eur": negative_extra, "extra_usd": negative_extra}})
    verdict = validate(cfg, keys)
    chosen = verdict.chosen
    assert verdict.eur == cfg.base_eur + sum(max(0, c.extra_eur) for c in chosen)
    assert verdict.usd == cfg.base_usd + sum(max(0, c.extra_usd) for c in chosen)
    assert verdict.eur >= cfg.base_eur and verdict.usd >= cfg.base_usd
    assert isinstance(verdict.eur, int) and isinstance(verdict.usd, int)


@given(valid_builds, st.sampled_from(KEYS), stocks, st.booleans())
def test_an_unchosen_choices_stock_does_not_change_a_valid_build(
    keys: list[str], other: str, stock: StockStatus, soon: bool
) -> None:
    before = validate(CFG, keys)
    assume(before.ok and other not in keys)
    layer, choice_id = other.split(":")
    after = validate(
        _cfg(rules=ALL_RULES, **{f"{layer}-{choice_id}": {"stock_status": stock, "coming_soon": soon}}), keys
    )
    assert after.ok and (after.eur, after.usd, after.button) == (before.eur, before.usd, before.button)


@given(st.one_of(builds, valid_builds))
def test_every_rule_made_state_has_a_reason(keys: list[str]) -> None:
    for key, state in validate(CFG, keys).states.items():
        if state.hidden or state.disabled or state.required:
            assert state.reason.strip(), key


@given(any_keys)
def test_validate_never_raises(keys: list[str]) -> None:
    verdict = validate(CFG, keys)
    assert verdict.ok == (not verdict.problems)
    assert all(p.status in (409, 422) and p.message for p in verdict.problems)
    assert len(verdict.hash) == 20
