"""Content: pages, ordered content blocks, posts and menus (docs/spec.md sections 2 and 3)."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from services.shared.db import Base


class BlockOwner(StrEnum):
    """What a content block belongs to."""

    PAGE = "page"
    PRODUCT = "product"
    CATEGORY = "category"


class BlockRegion(StrEnum):
    """Where on its owner's page a block renders (docs/spec.md section 2)."""

    HERO = "hero"
    HEADER = "header"
    BODY = "body"
    FOOTER = "footer"
    PROMO = "promo"


class Page(Base):
    """A content page (WordPress ``page``); its blocks are :class:`ContentBlock` rows."""

    __tablename__ = "pages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    slug: Mapped[str] = mapped_column(String(200), unique=True)
    title: Mapped[str] = mapped_column(String(300))
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("pages.id", ondelete="SET NULL"))
    status: Mapped[str] = mapped_column(String(16), default="publish")
    content: Mapped[str] = mapped_column(Text, default="")
    template: Mapped[str | None] = mapped_column(String(64))
    menu_order: Mapped[int] = mapped_column(Integer, default=0)


class ContentBlock(Base):
    """One ordered content block: ``layout`` (hero_image, quick_info, promo, ...) and its ``fields``.

    Blocks of one owner and region render in ``position`` order (docs/spec.md section 2,
    "Home page" and "Content blocks"). ``fields`` holds the layout's ACF fields.
    """

    __tablename__ = "content_blocks"
    __table_args__ = (Index("ix_content_blocks_owner", "owner_type", "owner_id", "region", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner_type: Mapped[str] = mapped_column(String(16))
    owner_id: Mapped[int] = mapped_column(Integer)
    region: Mapped[str] = mapped_column(String(16), default=BlockRegion.BODY)
    position: Mapped[int] = mapped_column(Integer, default=0)
    layout: Mapped[str] = mapped_column(String(40))
    fields: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class PostCategory(Base):
    """A post category (press 22, news 23)."""

    __tablename__ = "post_categories"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    slug: Mapped[str] = mapped_column(String(100), unique=True)


class Post(Base):
    """A news or press post; single posts live at ``/{slug}`` (docs/spec.md section 2, "Posts")."""

    __tablename__ = "posts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    slug: Mapped[str] = mapped_column(String(200), unique=True)
    title: Mapped[str] = mapped_column(String(300))
    content: Mapped[str] = mapped_column(Text, default="")
    excerpt: Mapped[str] = mapped_column(Text, default="")
    date: Mapped[datetime] = mapped_column(DateTime, index=True)
    status: Mapped[str] = mapped_column(String(16), default="publish")
    category_id: Mapped[int] = mapped_column(ForeignKey("post_categories.id"), index=True)
    image: Mapped[str | None] = mapped_column(String(500))


class Menu(Base):
    """A navigation menu (docs/spec.md section 3: name, items)."""

    __tablename__ = "menus"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    slug: Mapped[str] = mapped_column(String(100), unique=True)

    items: Mapped[list[MenuItem]] = relationship(cascade="all, delete-orphan", order_by="MenuItem.position")


class MenuItem(Base):
    """A menu entry. ``in_menu`` flags top-level entries shown in the header; ``parent_link``
    ("first", "last" or None) places the parent's own link inside its dropdown (docs/spec.md section 2).
    """

    __tablename__ = "menu_items"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    menu_id: Mapped[int] = mapped_column(ForeignKey("menus.id", ondelete="CASCADE"), index=True)
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("menu_items.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer, default=0)
    title: Mapped[str] = mapped_column(String(200))
    url: Mapped[str] = mapped_column(String(500))
    slug: Mapped[str] = mapped_column(String(200), default="")
    in_menu: Mapped[bool] = mapped_column(Boolean, default=True)
    parent_link: Mapped[str | None] = mapped_column(String(8))
