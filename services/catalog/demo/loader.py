"""Idempotent upsert of the demo catalogue through the ORM.

Every row has a fixed primary key. A row that exists is updated in place (columns the
data does not mention are reset to their model default), a missing one is inserted.
Child rows (images, attributes, variations, tag groups, menu items, content blocks of
demo owners; a demo configurator's angles, layers, choices, choice images and rules) are
upserted by id and stale ones of the same parent deleted, so a second run changes nothing. Rows the demo does not own (other
products, imported data) are left alone. Parents are flushed before children so
PostgreSQL's immediate foreign key checks pass.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import ColumnDefault, and_, delete, or_, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import flag_modified

from services.catalog.demo import blocks, builder, commerce, content, posts, taxonomy
from services.catalog.demo.common import slugify
from services.catalog.demo.images import VIEWS, banner_svg, product_svg, write_if_changed
from services.catalog.demo.products_audio import HEADSET_PRODUCTS, MIC_PRODUCTS
from services.catalog.demo.products_keyboards import KEYBOARD_PRODUCTS
from services.catalog.demo.products_mice import MOUSE_PRODUCTS
from services.catalog.demo.products_other import MERCH_PRODUCTS, MOUSEPAD_PRODUCTS
from services.catalog.models import (
    Category,
    CategoryTagGroup,
    ColourSwatch,
    ContentBlock,
    Country,
    Filter,
    Menu,
    MenuItem,
    Page,
    Post,
    PostCategory,
    Product,
    ProductAttribute,
    ProductImage,
    Tag,
    TaxRate,
    Variation,
)
from services.configurator.demo import DemoConfigurator, demo_configurators
from services.configurator.demo_art import configurator_art
from services.configurator.models import (
    ConfiguratorAngle,
    ConfiguratorChoice,
    ConfiguratorChoiceImage,
    ConfiguratorLayer,
    ConfiguratorModel,
    ConfiguratorRule,
)
from services.discounts.models import Coupon
from services.shared.db import Base, sync_sequences
from services.shared.settings import get_settings

IMAGE_ROLES = ("gallery", "front", "back")
IMAGE_SUBTITLES = ("", "Front view", "Back view")


def all_products() -> list[dict[str, Any]]:
    """Every demo product spec (see :mod:`services.catalog.demo.common`), ordered by id."""
    specs = [
        *HEADSET_PRODUCTS,
        *MIC_PRODUCTS,
        *KEYBOARD_PRODUCTS,
        *builder.BUILDER_PRODUCTS,
        *MOUSE_PRODUCTS,
        *MOUSEPAD_PRODUCTS,
        *MERCH_PRODUCTS,
    ]
    return sorted(specs, key=lambda s: s["id"])


def _column_values(model: type[Base], data: dict[str, Any]) -> dict[str, Any]:
    """Model column values from ``data``; columns it lacks get the model default (or None)."""
    values: dict[str, Any] = {}
    for column in model.__table__.columns:
        default = column.default
        if column.key in data:
            values[column.key] = data[column.key]
        elif not isinstance(default, ColumnDefault):  # no Python-side default
            values[column.key] = None
        elif default.is_callable:
            values[column.key] = default.arg(None)
        else:
            values[column.key] = default.arg
    return values


def upsert(session: Session, model: type[Base], data: dict[str, Any]) -> Any:
    """Insert or update one row of ``model`` from ``data`` (keyed by its primary key)."""
    values = _column_values(model, data)
    pk = tuple(values[c.key] for c in model.__table__.primary_key.columns)
    obj: Any = session.get(model, pk[0] if len(pk) == 1 else pk)  # any model: columns set by name
    if obj is None:
        obj = model(**values)
        session.add(obj)
    else:
        changed = False
        for key, value in values.items():
            if getattr(obj, key) != value:
                setattr(obj, key, value)
                changed = True
        if changed and "date_modified" in values:
            # Keep the data's timestamp instead of the column's onupdate "now".
            obj.date_modified = values["date_modified"]
            flag_modified(obj, "date_modified")
    return obj


def upsert_all(session: Session, model: type[Base], rows: Iterable[dict[str, Any]]) -> int:
    """Upsert ``rows`` in order and flush; returns how many rows were given."""
    count = 0
    for row in rows:
        upsert(session, model, row)
        count += 1
    session.flush()
    return count


def delete_stale(session: Session, model: type[Base], owner_clause: Any, keep_ids: Iterable[int]) -> None:
    """Delete rows of ``model`` matching ``owner_clause`` whose id is not in ``keep_ids``."""
    keep = list(keep_ids)
    clause = owner_clause if not keep else and_(owner_clause, model.__table__.c.id.not_in(keep))
    session.execute(delete(model).where(clause).execution_options(synchronize_session="fetch"))


class MediaWriter:
    """Writes generated SVGs below ``media_dir`` for ``/media/...`` source paths."""

    def __init__(self, media_dir: Path, media_url: str) -> None:
        self.media_dir = media_dir
        self.prefix = media_url.rstrip("/") + "/"
        self.paths: set[str] = set()

    def write(self, src: str, svg: str) -> None:
        """Write ``svg`` to the file behind ``src`` (e.g. "/media/products/x-1.svg")."""
        relative = src[len(self.prefix) :] if src.startswith(self.prefix) else src.lstrip("/")
        write_if_changed(self.media_dir / relative, svg)
        self.paths.add(src)


def _seed_taxonomy(session: Session, media: MediaWriter) -> dict[str, int]:
    categories = []
    for cat in taxonomy.CATEGORIES:
        src = f"{media.prefix}categories/{cat['slug']}.svg"
        media.write(src, banner_svg("#2b3a55", _square_family(cat["slug"], None)))
        categories.append({**cat, "image": src})
    counts = {"categories": upsert_all(session, Category, categories)}
    counts["tags"] = upsert_all(session, Tag, taxonomy.TAGS)
    counts["tag_groups"] = upsert_all(session, CategoryTagGroup, taxonomy.TAG_GROUPS)
    category_ids = [c["id"] for c in taxonomy.CATEGORIES]
    delete_stale(
        session,
        CategoryTagGroup,
        CategoryTagGroup.category_id.in_(category_ids),
        [g["id"] for g in taxonomy.TAG_GROUPS],
    )
    # Top-level filters first, then children (parent_id / depends_on foreign keys).
    upsert_all(session, Filter, [f for f in taxonomy.FILTERS if not f.get("parent_id")])
    upsert_all(
        session, Filter, [f for f in taxonomy.FILTERS if f.get("parent_id") and not f.get("depends_on")]
    )
    upsert_all(session, Filter, [f for f in taxonomy.FILTERS if f.get("depends_on")])
    counts["filters"] = len(taxonomy.FILTERS)
    counts["swatches"] = upsert_all(session, ColourSwatch, taxonomy.SWATCHES)
    return counts


def _seed_product(session: Session, spec: dict[str, Any], media: MediaWriter) -> dict[str, int]:
    product: Product = upsert(session, Product, spec)
    product.categories = [session.get_one(Category, cid) for cid in spec["categories"]]
    product.tags = [session.get_one(Tag, tid) for tid in spec.get("tags", [])]
    product.filters = [session.get_one(Filter, fid) for fid in spec.get("filters", [])]
    session.flush()
    pid, slug, name = spec["id"], spec["slug"], spec["name"]

    images = []
    for i in range(spec["image_count"]):
        src = f"{media.prefix}products/{slug}-{i + 1}.svg"
        media.write(src, product_svg(spec["family"], spec["colour"], VIEWS[i]))
        alt = f"{name}, {IMAGE_SUBTITLES[i].lower()}" if i else name
        images.append({"id": pid * 10 + i, "product_id": pid, "position": i, "role": IMAGE_ROLES[i],
                       "src": src, "alt": alt, "width": 800, "height": 800})  # fmt: skip
    attributes = [
        {"id": pid * 10 + i, "product_id": pid, "position": i, **attr}
        for i, attr in enumerate(spec.get("attributes", []))
    ]
    variations = []
    for var in spec.get("variations", []):
        option = var["attributes"][0]["option"]
        src = f"{media.prefix}products/{slug}-{slugify(option)}.svg"
        media.write(src, product_svg(spec["family"], var["colour"]))
        variations.append({**var, "product_id": pid, "image_src": src})

    for model, rows in (
        (ProductImage, images),
        (ProductAttribute, attributes),
        (Variation, variations),
    ):
        upsert_all(session, model, rows)
        delete_stale(session, model, model.product_id == pid, [r["id"] for r in rows])
    return {"images": len(images), "attributes": len(attributes), "variations": len(variations)}


#: ``updated_at`` of a demo configurator row when it is first written (kept on later runs).
CONFIGURATOR_UPDATED_AT = datetime(2025, 9, 1, 9, 0, tzinfo=UTC)


def configurator_rows(demo: DemoConfigurator) -> dict[str, list[dict[str, Any]]]:
    """The rows of one demo configurator per table, with fixed ids derived from the product id
    ``p``: configurator ``p``; angles, layers and rules ``p*100 + position``; choices
    ``p*1000 + n`` (n counts choices over all layers); choice images ``choice id*10 + angle
    position``. Money in minor units, as in the domain value (docs/spec.md section 2.13)."""
    cfg = demo.configurator
    pid = cfg.product_id
    angle_pos = {a.id: i for i, a in enumerate(cfg.angles)}
    rows: dict[str, list[dict[str, Any]]] = {
        "configurators": [{"id": pid, "product_id": pid, "version": cfg.version,
                           "welcome_text": demo.welcome_text, "welcome_image": demo.welcome_image,
                           "warning_message": demo.warning_message,
                           "special_layer_key": demo.special_layer_key}],
        "angles": [{"id": pid * 100 + i, "configurator_id": pid, "key": a.id, "name": a.name, "position": i,
                    "use_in_cart": a.use_in_cart} for i, a in enumerate(cfg.angles)],
        "layers": [], "choices": [], "images": [],
        "rules": [{"id": pid * 100 + i, "configurator_id": pid, "position": i, "effect": r.effect,
                   "when_keys": list(r.when), "target_keys": list(r.targets), "reason": r.reason}
                  for i, r in enumerate(cfg.rules)],
    }  # fmt: skip
    n = 0
    for position, layer in enumerate(cfg.layers):
        layer_id = pid * 100 + position
        rows["layers"].append({
            "id": layer_id, "configurator_id": pid, "key": layer.id, "name": layer.name,
            "description": layer.description, "position": position, "stack": layer.stack,
            "required": layer.required, "multiple": layer.multiple, "min_choices": layer.min_choices,
            "max_choices": layer.max_choices, "default_choice_key": layer.default_choice_id,
        })  # fmt: skip
        mine = [c for c in cfg.choices if c.layer_id == layer.id]
        for choice_pos, c in enumerate(mine):
            choice_id = pid * 1000 + n
            n += 1
            rows["choices"].append({
                "id": choice_id, "layer_id": layer_id, "key": c.id, "name": c.name,
                "description": c.description, "colour": c.colour, "sku_part": c.sku_part,
                "extra_eur": c.extra_eur, "extra_usd": c.extra_usd, "stock_status": c.stock_status,
                "has_backorder": c.has_backorder, "coming_soon": c.coming_soon,
                "linked_product_id": demo.linked_products.get(c.key), "position": choice_pos,
                "thumbnail": c.thumbnail, "alt": c.alt,
            })  # fmt: skip
            rows["images"].extend(
                {"id": choice_id * 10 + angle_pos[img.angle_id], "choice_id": choice_id,
                 "angle_key": img.angle_id, "url": img.url, "z": img.z}
                for img in c.images
            )  # fmt: skip
    return rows


def _seed_configurators(session: Session, media: MediaWriter) -> dict[str, int]:
    """Upsert every demo configurator (after the products) and write its art.

    Each configurator is written in one flush, its stale parts deleted through the ORM in the
    same flush, so a configurator's versioning (raised once per flush that changes it, see
    ``ConfiguratorModel.version``) sees one edit per seed that changes something and none
    when nothing changed. ``version`` and ``updated_at`` of an existing row are kept: the
    demo data gives them only to a new row (version 1)."""
    counts = {"configurators": 0, "configurator_layers": 0, "configurator_choices": 0,
              "configurator_rules": 0}  # fmt: skip
    for demo in demo_configurators():
        for src, svg in configurator_art(demo).items():
            media.write(src, svg)
        rows = configurator_rows(demo)
        pid = demo.configurator.product_id
        with session.no_autoflush:
            existing = session.get(ConfiguratorModel, pid)
            kept = (
                {"version": existing.version, "updated_at": existing.updated_at}
                if existing is not None
                else {"updated_at": CONFIGURATOR_UPDATED_AT}
            )
            upsert(session, ConfiguratorModel, {**rows["configurators"][0], **kept})
            parts: tuple[tuple[type[Base], Any, str], ...] = (
                (ConfiguratorAngle, ConfiguratorAngle.configurator_id == pid, "angles"),
                (ConfiguratorLayer, ConfiguratorLayer.configurator_id == pid, "layers"),
                (ConfiguratorChoice, ConfiguratorChoice.layer_id.in_([r["id"] for r in rows["layers"]]), "choices"),
                (ConfiguratorChoiceImage, ConfiguratorChoiceImage.choice_id.in_([r["id"] for r in rows["choices"]]),
                 "images"),
                (ConfiguratorRule, ConfiguratorRule.configurator_id == pid, "rules"),
            )  # fmt: skip
            for model, _, key in parts:
                for row in rows[key]:
                    upsert(session, model, row)
            for model, owner, key in reversed(parts):
                keep = [r["id"] for r in rows[key]]
                stale = select(model).where(owner, model.__table__.c.id.not_in(keep))
                for obj in session.scalars(stale):
                    session.delete(obj)
        session.flush()
        counts["configurators"] += 1
        counts["configurator_layers"] += len(rows["layers"])
        counts["configurator_choices"] += len(rows["choices"])
        counts["configurator_rules"] += len(rows["rules"])
    return counts


def _square_family(name: str, default: str | None = "part") -> str | None:
    """The product family an image named ``name`` shows (e.g. "hero-keyboards" -> "keyboard"),
    or ``default`` when the name names none."""
    for key, family in (
        ("hero-home", "keyboard"),
        ("mousepad", "mousepad"),
        ("keyboard", "keyboard"),
        ("odin", "keyboard"),
        ("builder", "keyboard"),
        ("customize", "keyboard"),
        ("mice", "mouse"),
        ("mouse", "mouse"),
        ("vali", "mouse"),
        ("headset", "headset"),
        ("microphone", "microphone"),
        ("mic-", "microphone"),
        ("merch", "hoodie"),
        ("award", "part"),
    ):
        if key in name:
            return family
    return default  # fmt: skip


def _content_images(value: Any, media: MediaWriter) -> None:
    """Generate every ``/media/content/*.svg`` image referenced inside block ``fields``."""
    if isinstance(value, list):
        for item in value:
            _content_images(item, media)
    elif isinstance(value, dict):
        src = value.get("src")
        if isinstance(src, str) and src.startswith(f"{media.prefix}content/"):
            name = Path(src).stem
            if value.get("width") and value.get("width") == value.get("height"):
                media.write(src, product_svg(_square_family(name) or "part", "#c8102e"))
            else:
                media.write(src, banner_svg("#2b3a55", _square_family(name, None)))
        for item in value.values():
            _content_images(item, media)


def _seed_content(session: Session, media: MediaWriter) -> dict[str, int]:
    counts = {"pages": 0}
    for parents_only in (True, False):
        rows = [p for p in content.PAGES if bool(p.get("parent_id")) != parents_only]
        counts["pages"] += upsert_all(session, Page, rows)
    rows = blocks.content_blocks()
    for row in rows:
        _content_images(row["fields"], media)
    counts["content_blocks"] = upsert_all(session, ContentBlock, rows)
    owners = {(r["owner_type"], r["owner_id"]) for r in rows}
    owned = or_(*(and_(ContentBlock.owner_type == t, ContentBlock.owner_id == i) for t, i in sorted(owners)))
    delete_stale(session, ContentBlock, owned, [r["id"] for r in rows])

    counts["post_categories"] = upsert_all(session, PostCategory, posts.POST_CATEGORIES)
    post_rows = posts.posts()
    for row in post_rows:
        media.write(row["image"], banner_svg(row["colour"]))
    counts["posts"] = upsert_all(session, Post, post_rows)

    counts["menus"] = upsert_all(
        session, Menu, [{k: v for k, v in m.items() if k != "items"} for m in content.MENUS]
    )
    counts["menu_items"] = 0
    for menu in content.MENUS:
        items = [{**item, "menu_id": menu["id"]} for item in menu["items"]]
        counts["menu_items"] += upsert_all(session, MenuItem, [i for i in items if i["parent_id"] is None])
        counts["menu_items"] += upsert_all(
            session, MenuItem, [i for i in items if i["parent_id"] is not None]
        )
        stale = select(MenuItem.id).where(
            MenuItem.menu_id == menu["id"], MenuItem.id.not_in([i["id"] for i in items])
        )
        for item_id in session.scalars(stale).all():
            session.delete(session.get(MenuItem, item_id))
    return counts


def _seed_commerce(session: Session) -> dict[str, int]:
    return {
        "countries": upsert_all(session, Country, commerce.countries()),
        "tax_rates": upsert_all(session, TaxRate, commerce.tax_rates()),
        "coupons": upsert_all(session, Coupon, commerce.COUPONS),
    }


def seed(session: Session) -> dict[str, int]:
    """Load the whole demo catalogue into ``session`` (flushed, not committed).

    Returns counts per kind: products, variations, images, attributes, configurators,
    configurator_layers, configurator_choices, configurator_rules, categories, tags, tag_groups, filters, swatches, pages,
    content_blocks, post_categories, posts, menus, menu_items, countries, tax_rates,
    coupons and media_files (distinct generated files).
    """
    settings = get_settings()
    media = MediaWriter(settings.media_dir, settings.media_url)
    counts: dict[str, int] = {}
    counts.update(_seed_taxonomy(session, media))
    specs = all_products()
    counts["products"] = len(specs)
    for spec in specs:
        for key, value in _seed_product(session, spec, media).items():
            counts[key] = counts.get(key, 0) + value
    counts.update(_seed_configurators(session, media))
    counts.update(_seed_content(session, media))
    counts.update(_seed_commerce(session))
    session.flush()
    sync_sequences(session)
    session.expire_all()
    counts["media_files"] = len(media.paths)
    return counts
