"""configurator: its own tables (docs/spec.md section 2.13), replacing the flat entries

Creates ``configurators`` and its ``configurator_angles``, ``configurator_layers``,
``configurator_choices``, ``configurator_choice_images`` and ``configurator_rules``, and the
content-addressed ``configurator_shares`` (``services/configurator/models.py``). Drops
``configurator_entries``: the flat entries of ``/api/wc/configurations`` are now generated from
the new tables (``services/catalog/serializers.py``), not stored twice. Stored entries are not
carried over (the demo loader fills the new tables; a shop with hand-made entries re-enters
them in the admin). Downgrade recreates the empty ``configurator_entries`` table.

Revision ID: 0012
Revises: 0011
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("configurator_entries", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_configurator_entries_product_id"))

    op.drop_table("configurator_entries")

    op.create_table(
        "configurator_shares",
        sa.Column("hash", sa.String(length=32), nullable=False),
        sa.Column("product_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("choices", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("hash", name=op.f("pk_configurator_shares")),
    )
    with op.batch_alter_table("configurator_shares", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_configurator_shares_product_id"), ["product_id"], unique=False)

    op.create_table(
        "configurators",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("product_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("welcome_text", sa.Text(), nullable=False),
        sa.Column("welcome_image", sa.String(length=500), nullable=False),
        sa.Column("warning_message", sa.Text(), nullable=False),
        sa.Column("special_layer_key", sa.String(length=64), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["product_id"],
            ["products.id"],
            name=op.f("fk_configurators_product_id_products"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_configurators")),
        sa.UniqueConstraint("product_id", name=op.f("uq_configurators_product_id")),
    )
    op.create_table(
        "configurator_angles",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("configurator_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("use_in_cart", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["configurator_id"],
            ["configurators.id"],
            name=op.f("fk_configurator_angles_configurator_id_configurators"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_configurator_angles")),
        sa.UniqueConstraint("configurator_id", "key", name=op.f("uq_configurator_angles_configurator_id")),
    )
    with op.batch_alter_table("configurator_angles", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_configurator_angles_configurator_id"), ["configurator_id"], unique=False
        )

    op.create_table(
        "configurator_layers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("configurator_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("stack", sa.Integer(), nullable=False),
        sa.Column("required", sa.Boolean(), nullable=False),
        sa.Column("multiple", sa.Boolean(), nullable=False),
        sa.Column("min_choices", sa.Integer(), nullable=False),
        sa.Column("max_choices", sa.Integer(), nullable=False),
        sa.Column("default_choice_key", sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(
            ["configurator_id"],
            ["configurators.id"],
            name=op.f("fk_configurator_layers_configurator_id_configurators"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_configurator_layers")),
        sa.UniqueConstraint("configurator_id", "key", name=op.f("uq_configurator_layers_configurator_id")),
    )
    with op.batch_alter_table("configurator_layers", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_configurator_layers_configurator_id"), ["configurator_id"], unique=False
        )

    op.create_table(
        "configurator_rules",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("configurator_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("effect", sa.String(length=16), nullable=False),
        sa.Column("when_keys", sa.JSON(), nullable=False),
        sa.Column("target_keys", sa.JSON(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["configurator_id"],
            ["configurators.id"],
            name=op.f("fk_configurator_rules_configurator_id_configurators"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_configurator_rules")),
    )
    with op.batch_alter_table("configurator_rules", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_configurator_rules_configurator_id"), ["configurator_id"], unique=False
        )

    op.create_table(
        "configurator_choices",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("layer_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("colour", sa.String(length=32), nullable=False),
        sa.Column("sku_part", sa.String(length=64), nullable=False),
        sa.Column("extra_eur", sa.Integer(), nullable=False),
        sa.Column("extra_usd", sa.Integer(), nullable=False),
        sa.Column("stock_status", sa.String(length=16), nullable=False),
        sa.Column("has_backorder", sa.Boolean(), nullable=False),
        sa.Column("coming_soon", sa.Boolean(), nullable=False),
        sa.Column("linked_product_id", sa.Integer(), nullable=True),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("thumbnail", sa.String(length=500), nullable=False),
        sa.Column("alt", sa.String(length=300), nullable=False),
        sa.ForeignKeyConstraint(
            ["layer_id"],
            ["configurator_layers.id"],
            name=op.f("fk_configurator_choices_layer_id_configurator_layers"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["linked_product_id"],
            ["products.id"],
            name=op.f("fk_configurator_choices_linked_product_id_products"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_configurator_choices")),
        sa.UniqueConstraint("layer_id", "key", name=op.f("uq_configurator_choices_layer_id")),
    )
    with op.batch_alter_table("configurator_choices", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_configurator_choices_layer_id"), ["layer_id"], unique=False)

    op.create_table(
        "configurator_choice_images",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("choice_id", sa.Integer(), nullable=False),
        sa.Column("angle_key", sa.String(length=64), nullable=False),
        sa.Column("url", sa.String(length=500), nullable=False),
        sa.Column("z", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["choice_id"],
            ["configurator_choices.id"],
            name=op.f("fk_configurator_choice_images_choice_id_configurator_choices"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_configurator_choice_images")),
        sa.UniqueConstraint("choice_id", "angle_key", name=op.f("uq_configurator_choice_images_choice_id")),
    )
    with op.batch_alter_table("configurator_choice_images", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_configurator_choice_images_choice_id"), ["choice_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("configurator_choice_images", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_configurator_choice_images_choice_id"))

    op.drop_table("configurator_choice_images")
    with op.batch_alter_table("configurator_choices", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_configurator_choices_layer_id"))

    op.drop_table("configurator_choices")
    with op.batch_alter_table("configurator_rules", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_configurator_rules_configurator_id"))

    op.drop_table("configurator_rules")
    with op.batch_alter_table("configurator_layers", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_configurator_layers_configurator_id"))

    op.drop_table("configurator_layers")
    with op.batch_alter_table("configurator_angles", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_configurator_angles_configurator_id"))

    op.drop_table("configurator_angles")
    op.drop_table("configurators")
    with op.batch_alter_table("configurator_shares", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_configurator_shares_product_id"))

    op.drop_table("configurator_shares")

    op.create_table(
        "configurator_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("product_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("is_choice", sa.Boolean(), nullable=False),
        sa.Column("layer_id", sa.String(length=64), nullable=False),
        sa.Column("choice_id", sa.String(length=64), nullable=True),
        sa.Column("angle_id", sa.String(length=64), nullable=True),
        sa.Column("image", sa.String(length=500), nullable=True),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("layer_name", sa.String(length=200), nullable=False),
        sa.Column("sku", sa.String(length=64), nullable=True),
        sa.Column("extra_price", sa.String(length=32), nullable=False),
        sa.Column("extra_price_usd", sa.String(length=32), nullable=True),
        sa.Column("stock_status", sa.String(length=16), nullable=False),
        sa.Column("has_backorder", sa.Boolean(), nullable=False),
        sa.Column("required", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["product_id"],
            ["products.id"],
            name=op.f("fk_configurator_entries_product_id_products"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_configurator_entries")),
    )
    with op.batch_alter_table("configurator_entries", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_configurator_entries_product_id"), ["product_id"], unique=False)
