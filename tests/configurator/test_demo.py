"""The demo configurators (services/configurator/demo.py), their art and their seeding:
docs/spec.md section 2.13."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from services.catalog.demo import seed_demo
from services.catalog.demo.common import slugify
from services.catalog.demo.loader import all_products
from services.catalog.models import Product
from services.configurator.demo import MOUSE_ID, DemoConfigurator, demo_configurators
from services.configurator.demo_art import configurator_art
from services.configurator.domain import apply_select_rules, default_selection, validate
from services.configurator.models import (
    ConfiguratorChoice,
    ConfiguratorChoiceImage,
    ConfiguratorLayer,
    ConfiguratorModel,
    ConfiguratorRule,
)
from services.shared.settings import get_settings

SVG = "{http://www.w3.org/2000/svg}"


def _demo(pid: int) -> DemoConfigurator:
    return next(d for d in demo_configurators() if d.configurator.product_id == pid)


@pytest.mark.parametrize("demo", demo_configurators(), ids=lambda d: str(d.configurator.product_id))
def test_default_selection_validates(demo: DemoConfigurator) -> None:
    cfg = demo.configurator
    keys = default_selection(cfg)
    verdict = validate(cfg, keys)
    assert verdict.ok, verdict.problems
    assert verdict.button == "add" and (verdict.eur, verdict.usd) == (cfg.base_eur, cfg.base_usd)
    assert {layer.id for layer in cfg.layers if layer.required} <= {c.layer_id for c in verdict.chosen}
    for layer in cfg.layers:
        if layer.required:
            assert layer.default_choice_id and cfg.choice(f"{layer.id}:{layer.default_choice_id}")


def test_keyboard_builder_is_a_real_75_percent_build() -> None:
    demo = _demo(26907)
    cfg = demo.configurator
    assert (cfg.name, cfg.base_sku, cfg.base_eur, cfg.base_usd, cfg.version) == (
        "Custom Keyboard Builder", "HV-CKB-BUILDER", 14999, 15999, 1,
    )  # fmt: skip
    assert len(cfg.layers) >= 6 and len(cfg.choices) >= 30
    assert {"case", "plate", "switches", "keycaps", "profile", "cable", "extras"} <= {
        x.id for x in cfg.layers
    }
    assert [(a.id, a.use_in_cart) for a in cfg.angles] == [("top", True), ("side", False)]
    extras = cfg.layer("extras")
    assert extras is not None and extras.multiple and extras.max_choices == 3 and not extras.required
    assert len(cfg.rules) >= 3 and all(r.reason.strip() for r in cfg.rules)
    assert {"disable", "require", "select", "hide"} <= {r.effect for r in cfg.rules}
    for rule in cfg.rules:  # every key a rule names exists
        assert all(cfg.choice(k) is not None for k in (*rule.when, *rule.targets)), rule.id
    kinds = {
        "instock": [c for c in cfg.choices if c.stock_status == "instock" and not c.preorder and c.available],
        "backorder": [c for c in cfg.choices if c.preorder and c.available],
        "outofstock": [c for c in cfg.choices if c.stock_status == "outofstock"],
        "coming_soon": [c for c in cfg.choices if c.coming_soon],
    }
    assert all(kinds.values()), {k: len(v) for k, v in kinds.items()}
    assert any(c.extra_eur > 0 and c.extra_usd > 0 for c in cfg.choices if c.layer_id == "extras")
    assert len({c.sku_part for c in cfg.choices}) == len(cfg.choices)
    # one extra follows the stock of the add-on product 31575
    assert demo.linked_products == {"extras:ext-lube": 31575}
    assert {p["id"] for p in all_products()} >= set(demo.linked_products.values())


def test_keyboard_rules_act_on_real_builds() -> None:
    cfg = _demo(26907).configurator
    base = default_selection(cfg)

    sa_low = [k for k in base if not k.startswith(("case:", "profile:"))] + [
        "case:case-low",
        "profile:profile-sa",
    ]
    verdict = validate(cfg, sa_low)
    assert [p.message for p in verdict.problems] == [
        "Low-profile Graphite: SA profile keycaps are too tall for the low-profile case."
    ]
    magnetic = [k for k in base if not k.startswith(("switches:", "plate:"))] + [
        "switches:sw-magnetic", "plate:plate-pc",
    ]  # fmt: skip
    assert "Magnetic switches need the aluminium plate to keep their calibration." in {
        p.message for p in validate(cfg, magnetic).problems
    }
    coil = [k for k in base if not k.startswith("cable:")] + ["cable:cable-coil"]
    selected = apply_select_rules(cfg, coil)
    assert "extras:ext-keeper" in selected and validate(cfg, selected).ok
    low = [k for k in base if not k.startswith("case:")] + ["case:case-low"]
    assert validate(cfg, low).ok
    states = validate(cfg, low).states
    assert states["cable:cable-coil"].hidden
    assert states["cable:cable-coil"].reason == "The aviator connector does not fit the low-profile case."


def test_mouse_configurator_is_reachable_from_its_product_page() -> None:
    demo = _demo(MOUSE_ID)
    cfg = demo.configurator
    spec = next(p for p in all_products() if p["id"] == MOUSE_ID)
    assert spec["is_configurable"] and spec["show_configurator_link"]
    assert spec["configurator_link"] == f"/mice/{slugify(spec['name'])}"
    assert (
        (cfg.base_sku, cfg.base_eur, cfg.base_usd)
        == ("HV-MS-SLEIPNIR", 8999, 9999)
        == (spec["sku"], spec["regular_price_eur"], spec["regular_price_usd"])
    )
    assert len(cfg.layers) >= 3 and {a.id for a in cfg.angles} == {"top", "side"}
    assert all(r.reason for r in cfg.rules)


@pytest.mark.parametrize("demo", demo_configurators(), ids=lambda d: str(d.configurator.product_id))
def test_every_referenced_image_is_drawn_and_safe(demo: DemoConfigurator) -> None:
    cfg = demo.configurator
    files = configurator_art(demo)
    referenced = {demo.welcome_image} | {c.thumbnail for c in cfg.choices}
    referenced |= {i.url for c in cfg.choices for i in c.images}
    assert referenced == set(files)
    for c in cfg.choices:  # every choice has a picture for every angle
        assert {i.angle_id for i in c.images} == {a.id for a in cfg.angles}
    layer_docs: dict[str, str] = {}
    for url, svg in files.items():
        assert url.startswith("/media/configurator/") and url.endswith(".svg")
        root = ET.fromstring(svg)
        assert root.tag == f"{SVG}svg"
        assert len(svg) < 12_000, url
        for el in root.iter():
            assert el.tag != f"{SVG}script" and el.tag != f"{SVG}foreignObject", url
            for name, value in el.attrib.items():
                assert not name.lower().startswith("on"), (url, name)
                assert "href" not in name and "url(" not in value, (url, name)
        if not url.endswith(("--thumb.svg", "welcome.svg")):
            assert root.get("viewBox") == "0 0 800 500", url
            layer_docs[url] = svg
    # each choice of a layer draws something different in each angle (visibly changes the picture)
    for layer in cfg.layers:
        for angle in cfg.angles:
            drawn = [layer_docs[i.url] for c in cfg.choices if c.layer_id == layer.id for i in c.images
                     if i.angle_id == angle.id]  # fmt: skip
            assert len(set(drawn)) == len(drawn), (layer.id, angle.id)
            assert all(any(f"<{shape} " in d for shape in ("rect", "path", "line", "ellipse")) for d in drawn)


def test_seeding_writes_the_configurator_tables_once(session: Session) -> None:
    first = seed_demo(session)
    session.commit()

    def snapshot() -> list[tuple[object, ...]]:
        rows: list[tuple[object, ...]] = []
        for model in (ConfiguratorModel, ConfiguratorLayer, ConfiguratorChoice, ConfiguratorChoiceImage,
                      ConfiguratorRule):  # fmt: skip
            rows += [tuple(r) for r in session.execute(select(model.__table__)).all()]
        return sorted(rows, key=repr)

    before = snapshot()
    media = get_settings().media_dir
    files = {p: p.read_bytes() for p in (media / "configurator").rglob("*.svg")}
    assert seed_demo(session) == first
    session.commit()
    assert snapshot() == before
    assert {p: p.read_bytes() for p in (media / "configurator").rglob("*.svg")} == files

    assert first["configurators"] == 2
    assert (
        session.scalar(select(func.count()).select_from(ConfiguratorChoice)) == first["configurator_choices"]
    )
    builder = session.get_one(ConfiguratorModel, 26907)
    assert builder.product_id == 26907 and builder.version == 1 and builder.welcome_text
    assert [a.key for a in builder.angles] == ["top", "side"] and builder.angles[0].use_in_cart
    layers = builder.layers
    assert [x.key for x in layers][:4] == ["case", "plate", "switches", "keycaps"]
    lube = next(c for x in layers for c in x.choices if c.key == "ext-lube")
    assert lube.linked_product_id == 31575 and session.get(Product, 31575) is not None
    assert all(r.reason for r in builder.rules)
    for x in layers:
        for c in x.choices:
            assert {i.angle_key for i in c.images} == {"top", "side"}
            for src in (c.thumbnail, *(i.url for i in c.images)):
                assert (media / src.removeprefix("/media/")).is_file()
    assert (media / builder.welcome_image.removeprefix("/media/")).is_file()
