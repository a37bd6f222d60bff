"""Admin views of the configurator (docs/spec.md section 2.13): configurators, angles, layers,
choices, choice images, rules, and the shared builds (read only).

Roles as for every catalogue view (``services/admin/setup.py``): admins edit, reviewers read.
Every edit raises the configurator's ``version`` (the ``before_flush`` hook of
``services/configurator/repository.py``, imported here) and the catalogue revision. Extra
prices are typed as money text ("19.90"); text that is not a number, or is negative, counts as
0 (docs/spec.md section 5) and is stored as integer minor units.
"""

from __future__ import annotations

import re
from typing import Any

from wtforms import Field, Form, SelectField, StringField, ValidationError
from wtforms.validators import InputRequired

import services.configurator.repository  # noqa: F401 - installs the versioning hook
from services.admin.views.base import STOCK_CHOICES, ShopModelView
from services.configurator.models import (
    ConfiguratorAngle,
    ConfiguratorChoice,
    ConfiguratorChoiceImage,
    ConfiguratorLayer,
    ConfiguratorModel,
    ConfiguratorRule,
    ConfiguratorShare,
)
from services.shared.money import format_amount, lenient_minor

CATEGORY = "Configurator"
_KEY = re.compile(r"[^:\s]+:[^:\s]+")


def choice_keys(_form: Form, field: Field) -> None:
    """A rule's ``when_keys``/``target_keys``: a non-empty JSON list of choice keys
    "layer:choice" (docs/spec.md section 2.13). Raises ``ValidationError`` (shown on the form)."""
    value = field.data
    if (
        not isinstance(value, list)
        or not value
        or not all(isinstance(k, str) and _KEY.fullmatch(k) for k in value)
    ):
        raise ValidationError('A list of choice keys "layer:choice", e.g. ["keycaps:caps-sa"].')


def shown_reason(_form: Form, field: Field) -> None:
    """A rule's reason is shown to the shopper, so it must say something (docs/spec.md section 2.13)."""
    if not str(field.data or "").strip():
        raise ValidationError("Say why, in words the shopper reads beside the choice.")


EFFECT_CHOICES = [(e, e) for e in ("hide", "disable", "require", "select")]


class MoneyTextField(StringField):
    """A price typed as text ("19.90"), kept as integer minor units: shown with two places,
    read with :func:`services.shared.money.lenient_minor` (empty, non-numeric or negative -> 0,
    docs/spec.md section 5)."""

    def _value(self) -> str:
        return format_amount(self.data) if isinstance(self.data, int) else ""

    def process_formdata(self, valuelist: list[Any]) -> None:
        """Parse the submitted text to minor units."""
        self.data = lenient_minor(str(valuelist[0]) if valuelist else "")


class ConfiguratorAdmin(ShopModelView, model=ConfiguratorModel):
    """A product's configurator: welcome and warning messages, the special layer's key.
    ``version`` is counted by the shop (read only)."""

    name, name_plural, category, icon = "Configurator", "Configurators", CATEGORY, "fa-solid fa-sliders"
    column_list = [
        ConfiguratorModel.id,
        ConfiguratorModel.product_id,
        ConfiguratorModel.version,
        ConfiguratorModel.special_layer_key,
        ConfiguratorModel.updated_at,
    ]
    form_columns = ["product_id", "welcome_text", "welcome_image", "warning_message", "special_layer_key"]


class ConfiguratorAngleAdmin(ShopModelView, model=ConfiguratorAngle):
    """Angles (views) of a configurator; ``use_in_cart`` marks the cart thumbnail's angle."""

    name, name_plural, category, icon = "Angle", "Angles", CATEGORY, "fa-solid fa-camera"
    column_list = [
        ConfiguratorAngle.id,
        ConfiguratorAngle.configurator,
        ConfiguratorAngle.key,
        ConfiguratorAngle.name,
        ConfiguratorAngle.position,
        ConfiguratorAngle.use_in_cart,
    ]


class ConfiguratorLayerAdmin(ShopModelView, model=ConfiguratorLayer):
    """Layers: ``position`` the menu order, ``stack`` the drawing order; a multiple layer takes
    ``min_choices``..``max_choices`` (0 = no upper bound)."""

    name, name_plural, category, icon = "Layer", "Layers", CATEGORY, "fa-solid fa-layer-group"
    column_list = [
        ConfiguratorLayer.id,
        ConfiguratorLayer.configurator,
        ConfiguratorLayer.key,
        ConfiguratorLayer.name,
        ConfiguratorLayer.position,
        ConfiguratorLayer.required,
        ConfiguratorLayer.multiple,
    ]
    column_searchable_list = [ConfiguratorLayer.key, ConfiguratorLayer.name]
    form_excluded_columns = ["choices"]


class ConfiguratorChoiceAdmin(ShopModelView, model=ConfiguratorChoice):
    """Choices of a layer. Extra prices are money text (non-numeric counts as 0). A choice
    linked to a catalogue product follows that product's stock. Images: the "Choice images"
    view."""

    name, name_plural, category, icon = "Choice", "Choices", CATEGORY, "fa-solid fa-list-check"
    column_list = [
        ConfiguratorChoice.id,
        ConfiguratorChoice.layer,
        ConfiguratorChoice.key,
        ConfiguratorChoice.name,
        ConfiguratorChoice.sku_part,
        ConfiguratorChoice.extra_eur,
        ConfiguratorChoice.extra_usd,
        ConfiguratorChoice.stock_status,
    ]
    column_searchable_list = [ConfiguratorChoice.key, ConfiguratorChoice.name, ConfiguratorChoice.sku_part]
    column_labels = {"extra_eur": "Extra price EUR (e.g. 19.90)", "extra_usd": "Extra price USD (e.g. 21.90)"}
    form_money = False  # typed leniently (MoneyTextField: non-numeric is 0, docs/spec.md section 5)
    form_excluded_columns = ["images"]
    form_overrides = {"extra_eur": MoneyTextField, "extra_usd": MoneyTextField, "stock_status": SelectField}
    form_args = {"stock_status": {"choices": STOCK_CHOICES}}


class ConfiguratorChoiceImageAdmin(ShopModelView, model=ConfiguratorChoiceImage):
    """A choice's image per angle (``angle_key``); ``z`` adds to the layer's stack."""

    name, name_plural, category, icon = "Choice image", "Choice images", CATEGORY, "fa-solid fa-image"
    column_list = [
        ConfiguratorChoiceImage.id,
        ConfiguratorChoiceImage.choice,
        ConfiguratorChoiceImage.angle_key,
        ConfiguratorChoiceImage.url,
        ConfiguratorChoiceImage.z,
    ]


class ConfiguratorRuleAdmin(ShopModelView, model=ConfiguratorRule):
    """Rules: when every ``when_keys`` choice is selected, ``effect`` applies to ``target_keys``
    (keys "layer:choice"); ``reason`` is shown to the shopper."""

    name, name_plural, category, icon = "Rule", "Rules", CATEGORY, "fa-solid fa-code-branch"
    column_list = [
        ConfiguratorRule.id,
        ConfiguratorRule.configurator,
        ConfiguratorRule.effect,
        ConfiguratorRule.when_keys,
        ConfiguratorRule.target_keys,
        ConfiguratorRule.reason,
    ]
    form_overrides = {"effect": SelectField}
    form_args = {
        "effect": {"choices": EFFECT_CHOICES},
        "when_keys": {"validators": [choice_keys]},
        "target_keys": {"validators": [choice_keys]},
        "reason": {"validators": [InputRequired(), shown_reason]},
    }


class ConfiguratorShareAdmin(ShopModelView, model=ConfiguratorShare):
    """Shared builds (content-addressed; written by shoppers through get-share-url): read only."""

    name, name_plural, category, icon = "Shared build", "Shared builds", CATEGORY, "fa-solid fa-share-nodes"
    can_create = False
    can_edit = False
    can_delete = False
    column_list = [
        ConfiguratorShare.hash,
        ConfiguratorShare.product_id,
        ConfiguratorShare.version,
        ConfiguratorShare.created_at,
    ]


CONFIGURATOR_VIEWS = [
    ConfiguratorAdmin,
    ConfiguratorLayerAdmin,
    ConfiguratorChoiceAdmin,
    ConfiguratorChoiceImageAdmin,
    ConfiguratorAngleAdmin,
    ConfiguratorRuleAdmin,
    ConfiguratorShareAdmin,
]
