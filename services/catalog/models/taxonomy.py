"""Categories, tags, tag groups, filters and colour swatches (docs/spec.md sections 2 and 3)."""

from __future__ import annotations

from sqlalchemy import Boolean, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from services.shared.db import Base


class Category(Base):
    """A product category (WooCommerce ``product_cat``). Ids are fixed by the spec for the main ones.

    The category page's hero, header and footer content are :class:`ContentBlock` rows
    with ``owner_type='category'``; its tag groups are :class:`CategoryTagGroup` rows.
    """

    __tablename__ = "categories"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    slug: Mapped[str] = mapped_column(String(200), unique=True)
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("categories.id", ondelete="SET NULL"))
    description: Mapped[str] = mapped_column(Text, default="")
    menu_order: Mapped[int] = mapped_column(Integer, default=0)
    image: Mapped[str | None] = mapped_column(String(500))

    tag_groups: Mapped[list[CategoryTagGroup]] = relationship(
        cascade="all, delete-orphan", order_by="CategoryTagGroup.position"
    )


class Tag(Base):
    """A product tag (WooCommerce ``product_tag``)."""

    __tablename__ = "tags"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    slug: Mapped[str] = mapped_column(String(200), unique=True)


class CategoryTagGroup(Base):
    """A group on a category page: products carrying ``tag_id``, headed by ``description``.

    Products in no group fall into the 'Others' group (docs/spec.md section 2, "Category pages").
    """

    __tablename__ = "category_tag_groups"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    category_id: Mapped[int] = mapped_column(ForeignKey("categories.id", ondelete="CASCADE"), index=True)
    tag_id: Mapped[int] = mapped_column(ForeignKey("tags.id", ondelete="CASCADE"))
    description: Mapped[str] = mapped_column(String(300), default="")
    position: Mapped[int] = mapped_column(Integer, default=0)

    tag: Mapped[Tag] = relationship(lazy="joined")


class Filter(Base):
    """A product filter term (docs/spec.md section 3, "Filter").

    ``parent_id`` None is top level (rendered as ``parent: 0``); ``position`` None with
    ``order_last`` True renders as ``order: "last"``. Colour filters carry 1 or 2 colours.
    """

    __tablename__ = "filters"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("filters.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(200))
    slug: Mapped[str] = mapped_column(String(200), unique=True)
    position: Mapped[int | None] = mapped_column(Integer)
    order_last: Mapped[bool] = mapped_column(Boolean, default=False)
    depends_on: Mapped[int | None] = mapped_column(ForeignKey("filters.id", ondelete="SET NULL"))
    is_colour: Mapped[bool] = mapped_column(Boolean, default=False)
    colour_amount: Mapped[str | None] = mapped_column(String(8))  # "both" or "one"
    first_colour: Mapped[str | None] = mapped_column(String(16))
    second_colour: Mapped[str | None] = mapped_column(String(16))


class ColourSwatch(Base):
    """A colour swatch shown for a variation (docs/spec.md section 3: id, colour)."""

    __tablename__ = "colour_swatches"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    colour: Mapped[str] = mapped_column(String(16))  # CSS hex, e.g. "#1b1b1f"
