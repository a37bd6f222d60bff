"""The configurator's tables (docs/spec.md section 2.13): one configurator per product with its
angles, layers, choices (one image per angle), rules, and the content-addressed shares.

Money is integer minor units (``extra_eur``, ``extra_usd``); a non-numeric extra typed by staff
counts as 0 (docs/spec.md section 5), decided where the text is read (the admin form, the demo
data), never stored as text. ``version`` is raised on every edit of a configurator or anything
in it (:func:`services.configurator.repository.bump_version`), so a cart line and a share link
record which version they were made with. No personal data is stored here.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from services.shared.db import Base


def _now() -> datetime:
    return datetime.now(UTC)


class ConfiguratorModel(Base):
    """A product's configurator. ``special_layer_key``: the layer with special choices
    (``configurator-special-choices``); ``welcome_*`` and ``warning_message`` are shown when the
    configurator opens (docs/spec.md section 7)."""

    __tablename__ = "configurators"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"), unique=True)
    version: Mapped[int] = mapped_column(Integer, default=1)
    welcome_text: Mapped[str] = mapped_column(Text, default="")
    welcome_image: Mapped[str] = mapped_column(String(500), default="")
    warning_message: Mapped[str] = mapped_column(Text, default="")
    special_layer_key: Mapped[str | None] = mapped_column(String(64))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, onupdate=_now)

    angles: Mapped[list[ConfiguratorAngle]] = relationship(
        back_populates="configurator", cascade="all, delete-orphan", order_by="ConfiguratorAngle.position"
    )
    layers: Mapped[list[ConfiguratorLayer]] = relationship(
        back_populates="configurator", cascade="all, delete-orphan", order_by="ConfiguratorLayer.position"
    )
    rules: Mapped[list[ConfiguratorRule]] = relationship(
        back_populates="configurator", cascade="all, delete-orphan", order_by="ConfiguratorRule.position"
    )

    def __str__(self) -> str:
        return f"Configurator of product {self.product_id}"


class ConfiguratorAngle(Base):
    """A view (``key`` such as "top"); ``use_in_cart`` marks the one the cart thumbnail uses."""

    __tablename__ = "configurator_angles"
    __table_args__ = (UniqueConstraint("configurator_id", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    configurator_id: Mapped[int] = mapped_column(
        ForeignKey("configurators.id", ondelete="CASCADE"), index=True
    )
    key: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(200))
    position: Mapped[int] = mapped_column(Integer, default=0)
    use_in_cart: Mapped[bool] = mapped_column(Boolean, default=False)

    configurator: Mapped[ConfiguratorModel] = relationship(back_populates="angles")

    def __str__(self) -> str:
        return self.name


class ConfiguratorLayer(Base):
    """A layer: ``position`` is the menu order, ``stack`` the drawing order (higher on top);
    ``multiple`` layers take ``min_choices``..``max_choices`` (0 = no upper bound)."""

    __tablename__ = "configurator_layers"
    __table_args__ = (UniqueConstraint("configurator_id", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    configurator_id: Mapped[int] = mapped_column(
        ForeignKey("configurators.id", ondelete="CASCADE"), index=True
    )
    key: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    position: Mapped[int] = mapped_column(Integer, default=0)
    stack: Mapped[int] = mapped_column(Integer, default=0)
    required: Mapped[bool] = mapped_column(Boolean, default=False)
    multiple: Mapped[bool] = mapped_column(Boolean, default=False)
    min_choices: Mapped[int] = mapped_column(Integer, default=0)
    max_choices: Mapped[int] = mapped_column(Integer, default=1)
    default_choice_key: Mapped[str | None] = mapped_column(String(64))

    configurator: Mapped[ConfiguratorModel] = relationship(back_populates="layers")
    choices: Mapped[list[ConfiguratorChoice]] = relationship(
        back_populates="layer", cascade="all, delete-orphan", order_by="ConfiguratorChoice.position"
    )

    def __str__(self) -> str:
        return self.name


class ConfiguratorChoice(Base):
    """A choice of a layer. Stock: its own ``stock_status``/``has_backorder``, or, when
    ``linked_product_id`` is set, that catalogue product's stock. ``coming_soon`` makes it
    unselectable with a reason. ``extra_eur``/``extra_usd`` in minor units."""

    __tablename__ = "configurator_choices"
    __table_args__ = (UniqueConstraint("layer_id", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    layer_id: Mapped[int] = mapped_column(
        ForeignKey("configurator_layers.id", ondelete="CASCADE"), index=True
    )
    key: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    colour: Mapped[str] = mapped_column(String(32), default="")
    sku_part: Mapped[str] = mapped_column(String(64), default="")
    extra_eur: Mapped[int] = mapped_column(Integer, default=0)
    extra_usd: Mapped[int] = mapped_column(Integer, default=0)
    stock_status: Mapped[str] = mapped_column(String(16), default="instock")
    has_backorder: Mapped[bool] = mapped_column(Boolean, default=False)
    coming_soon: Mapped[bool] = mapped_column(Boolean, default=False)
    linked_product_id: Mapped[int | None] = mapped_column(ForeignKey("products.id", ondelete="SET NULL"))
    position: Mapped[int] = mapped_column(Integer, default=0)
    thumbnail: Mapped[str] = mapped_column(String(500), default="")
    alt: Mapped[str] = mapped_column(String(300), default="")

    layer: Mapped[ConfiguratorLayer] = relationship(back_populates="choices")
    images: Mapped[list[ConfiguratorChoiceImage]] = relationship(
        back_populates="choice", cascade="all, delete-orphan", order_by="ConfiguratorChoiceImage.angle_key"
    )

    def __str__(self) -> str:
        return self.name


class ConfiguratorChoiceImage(Base):
    """A choice's image for the angle ``angle_key``; ``z`` adds to the layer's ``stack``."""

    __tablename__ = "configurator_choice_images"
    __table_args__ = (UniqueConstraint("choice_id", "angle_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    choice_id: Mapped[int] = mapped_column(
        ForeignKey("configurator_choices.id", ondelete="CASCADE"), index=True
    )
    angle_key: Mapped[str] = mapped_column(String(64))
    url: Mapped[str] = mapped_column(String(500))
    z: Mapped[int] = mapped_column(Integer, default=0)

    choice: Mapped[ConfiguratorChoice] = relationship(back_populates="images")


class ConfiguratorRule(Base):
    """When every key in ``when_keys`` is selected, ``effect`` ("hide", "disable", "require",
    "select") applies to ``target_keys``; keys are "layer_key:choice_key". ``reason`` is shown
    to the shopper and must not be empty."""

    __tablename__ = "configurator_rules"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    configurator_id: Mapped[int] = mapped_column(
        ForeignKey("configurators.id", ondelete="CASCADE"), index=True
    )
    position: Mapped[int] = mapped_column(Integer, default=0)
    effect: Mapped[str] = mapped_column(String(16))
    when_keys: Mapped[list[str]] = mapped_column(JSON, default=list)
    target_keys: Mapped[list[str]] = mapped_column(JSON, default=list)
    reason: Mapped[str] = mapped_column(Text)

    configurator: Mapped[ConfiguratorModel] = relationship(back_populates="rules")


class ConfiguratorShare(Base):
    """A shared build, addressed by its content hash (``services.configurator.domain.configuration_hash``).
    ``choices``: the chosen choices as they were (``key``, ``name``, ``layer_name``,
    ``extra_eur``, ``extra_usd``), so restoring after a catalogue change can say what changed."""

    __tablename__ = "configurator_shares"

    hash: Mapped[str] = mapped_column(String(32), primary_key=True)
    product_id: Mapped[int] = mapped_column(Integer, index=True)
    version: Mapped[int] = mapped_column(Integer)
    choices: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
