"""Admin views of the content: pages and their ordered content blocks, posts, menus.

A content block belongs to an owner (``owner_type`` page, product or category, and
``owner_id``), renders in its ``region`` in ``position`` order, and keeps its layout's fields
as JSON (docs/spec.md section 2, "Content blocks").
"""

from __future__ import annotations

from sqladmin.filters import StaticValuesFilter
from wtforms import SelectField

from services.admin.views.base import ShopModelView
from services.catalog.models import ContentBlock, Menu, MenuItem, Page, Post, PostCategory
from services.catalog.models.content import BlockOwner, BlockRegion

CATEGORY = "Content"
PUBLISH_CHOICES = [(s, s) for s in ("publish", "draft", "pending", "private")]
OWNER_CHOICES = [(o.value, o.value) for o in BlockOwner]
REGION_CHOICES = [(r.value, r.value) for r in BlockRegion]


class PageAdmin(ShopModelView, model=Page):
    """Content pages (the home page is slug ``home``)."""

    name, name_plural, category, icon = "Page", "Pages", CATEGORY, "fa-solid fa-file-lines"
    column_list = [Page.id, Page.title, Page.slug, Page.status, Page.template, Page.menu_order]
    column_searchable_list = [Page.title, Page.slug]
    form_overrides = {"status": SelectField}
    form_args = {"status": {"choices": PUBLISH_CHOICES}}


class ContentBlockAdmin(ShopModelView, model=ContentBlock):
    """Ordered content blocks of pages, products and categories."""

    name, name_plural, category, icon = "Content block", "Content blocks", CATEGORY, "fa-solid fa-cubes"
    column_list = [
        ContentBlock.id,
        ContentBlock.owner_type,
        ContentBlock.owner_id,
        ContentBlock.region,
        ContentBlock.position,
        ContentBlock.layout,
    ]
    column_searchable_list = [ContentBlock.layout]
    column_sortable_list = [ContentBlock.id, ContentBlock.owner_id, ContentBlock.position]
    column_default_sort = [
        (ContentBlock.owner_type, False),
        (ContentBlock.owner_id, False),
        (ContentBlock.region, False),
        (ContentBlock.position, False),
    ]
    column_filters = [
        StaticValuesFilter(ContentBlock.owner_type, OWNER_CHOICES, title="Owner"),
        StaticValuesFilter(ContentBlock.region, REGION_CHOICES, title="Region"),
    ]
    form_overrides = {"owner_type": SelectField, "region": SelectField}
    form_args = {"owner_type": {"choices": OWNER_CHOICES}, "region": {"choices": REGION_CHOICES}}


class PostAdmin(ShopModelView, model=Post):
    """News (category 23) and press (22) posts; single posts live at ``/{slug}``."""

    name, name_plural, category, icon = "Post", "Posts", CATEGORY, "fa-solid fa-newspaper"
    column_list = [Post.id, Post.title, Post.slug, Post.date, Post.status, Post.category_id]
    column_searchable_list = [Post.title, Post.slug]
    column_sortable_list = [Post.id, Post.title, Post.date]
    column_default_sort = [(Post.date, True)]
    form_overrides = {"status": SelectField}
    form_args = {"status": {"choices": PUBLISH_CHOICES}}


class PostCategoryAdmin(ShopModelView, model=PostCategory):
    """Post categories (press 22, news 23)."""

    name, name_plural, category, icon = "Post category", "Post categories", CATEGORY, "fa-solid fa-folder"
    column_list = [PostCategory.id, PostCategory.name, PostCategory.slug]
    form_include_pk = True


class MenuAdmin(ShopModelView, model=Menu):
    """Navigation menus; their entries are menu items."""

    name, name_plural, category, icon = "Menu", "Menus", CATEGORY, "fa-solid fa-bars"
    column_list = [Menu.id, Menu.name, Menu.slug]
    form_excluded_columns = [Menu.items]


class MenuItemAdmin(ShopModelView, model=MenuItem):
    """Menu entries: ``in_menu`` shows a top-level entry in the header; ``parent_link``
    (first, last or empty) places the parent's own link in its dropdown."""

    name, name_plural, category, icon = "Menu item", "Menu items", CATEGORY, "fa-solid fa-link"
    column_list = [
        MenuItem.id,
        MenuItem.menu_id,
        MenuItem.parent_id,
        MenuItem.position,
        MenuItem.title,
        MenuItem.url,
        MenuItem.in_menu,
    ]
    column_searchable_list = [MenuItem.title, MenuItem.url]
    column_default_sort = [(MenuItem.menu_id, False), (MenuItem.position, False)]


CONTENT_VIEWS = [PageAdmin, ContentBlockAdmin, PostAdmin, PostCategoryAdmin, MenuAdmin, MenuItemAdmin]
