"""Versioning (every staff edit raises ``configurators.version``), share rows stored once,
and the service's loaders for the cart and the checkout (docs/spec.md section 2.13)."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from services.catalog import revision
from services.catalog.models import Product
from services.configurator import repository, service
from services.configurator.models import (
    ConfiguratorAngle,
    ConfiguratorChoice,
    ConfiguratorChoiceImage,
    ConfiguratorLayer,
    ConfiguratorModel,
    ConfiguratorRule,
    ConfiguratorShare,
)
from tests.configurator.conftest import BUILDER, PLAIN, SWITCH_PRODUCT


def _version(session: Session, configurator_id: int) -> int:
    session.expire_all()
    found = session.get(ConfiguratorModel, configurator_id)
    assert found is not None
    return found.version


def _choice(session: Session, key: str) -> ConfiguratorChoice:
    return session.scalars(select(ConfiguratorChoice).where(ConfiguratorChoice.key == key)).one()


def test_a_new_configurator_starts_at_version_1(session: Session, builder: int) -> None:
    assert _version(session, builder) == 1


def test_every_kind_of_edit_raises_the_version_once(session: Session, builder: int) -> None:
    _choice(session, "case-white").extra_eur = 2490
    session.commit()
    assert _version(session, builder) == 2

    black = _choice(session, "case-black")
    black.images.append(
        ConfiguratorChoiceImage(angle_key="back", url="/media/configurator/case-black-back.svg")
    )
    session.commit()
    assert _version(session, builder) == 3

    rule = session.scalars(select(ConfiguratorRule)).one()
    session.delete(rule)
    session.commit()
    assert _version(session, builder) == 4

    layer = session.scalars(select(ConfiguratorLayer).where(ConfiguratorLayer.key == "keycaps")).one()
    red = _choice(session, "sw-red")  # (read before the edits: a query would flush them early)
    layer.name = "Keycap set"
    session.add(ConfiguratorAngle(configurator_id=builder, key="back", name="Back", position=2))
    red.name = "Linear Red v2"
    session.commit()  # three edits, one flush: one new version
    assert _version(session, builder) == 5

    cfg = session.get(ConfiguratorModel, builder)
    assert cfg is not None
    cfg.welcome_text = "Welcome back."
    session.commit()
    assert _version(session, builder) == 6

    # an image added by id only (no loaded relationship) still finds its configurator
    session.add(
        ConfiguratorChoiceImage(choice_id=_choice(session, "sw-blue").id, angle_key="back", url="/x.svg")
    )
    session.commit()
    assert _version(session, builder) == 7


def test_reading_or_a_no_op_assignment_leaves_the_version_alone(session: Session, builder: int) -> None:
    white = _choice(session, "case-white")
    white.extra_eur = white.extra_eur
    session.commit()
    service.load_configurator(session, BUILDER)
    session.commit()
    assert _version(session, builder) == 1


def test_shares_never_raise_the_version(session: Session, builder: int) -> None:
    repository.put_share(session, "a" * 20, BUILDER, 1, [])
    session.commit()
    assert _version(session, builder) == 1


def test_bump_version_raises_it_in_sql(session: Session, builder: int) -> None:
    repository.bump_version(session, builder)
    repository.bump_version(session, builder)
    session.commit()
    assert _version(session, builder) == 3


def test_a_configurator_edit_moves_the_catalogue_revision(session: Session, builder: int) -> None:
    before = revision.read(session.connection())
    _choice(session, "case-white").extra_usd = 2290
    session.commit()
    assert revision.read(session.connection()) == before + 1


def test_a_share_is_stored_once_per_hash(session: Session, builder: int) -> None:
    rows = [
        {"key": "case:case-black", "name": "Black case", "layer_name": "Case", "extra_eur": 0, "extra_usd": 0}
    ]
    repository.put_share(session, "b" * 20, BUILDER, 1, rows)
    repository.put_share(session, "b" * 20, BUILDER, 2, [])  # a duplicate does nothing, never raises
    session.commit()
    assert session.scalar(select(func.count()).select_from(ConfiguratorShare)) == 1
    stored = repository.get_share(session, "b" * 20)
    assert stored is not None and stored.version == 1 and stored.choices == rows


def test_configurators_for_the_cart(session: Session, builder: int) -> None:
    switch = session.get(Product, SWITCH_PRODUCT)
    assert switch is not None
    switch.stock_status, switch.backorders = "outofstock", "no"
    session.commit()
    products = [session.get(Product, pid) for pid in (BUILDER, PLAIN)]
    found = service.configurators_for(session, [p for p in products if p is not None])
    assert list(found) == [BUILDER]
    cfg = found[BUILDER]
    assert (cfg.base_eur, cfg.base_usd, cfg.base_sku, cfg.version) == (14999, 15999, "HV-CKB-BUILDER", 1)
    assert [layer.id for layer in cfg.layers] == ["case", "switches", "keycaps"]
    red = cfg.choice("switches:sw-red")
    assert red is not None and red.stock_status == "outofstock" and not red.available
    assert service.load_configurator(session, PLAIN) is None
    assert service.load_configurator(session, BUILDER, ["draft"]) is None


def test_the_base_price_is_the_regular_price_when_not_on_sale(session: Session, builder: int) -> None:
    product = session.get(Product, BUILDER)
    assert product is not None
    product.sale_price_eur = None
    product.sale_price_usd = None
    session.commit()
    cfg = service.load_configurator(session, BUILDER)
    assert cfg is not None and (cfg.base_eur, cfg.base_usd) == (16999, 17999)
