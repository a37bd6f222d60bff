"""The shared configurator vectors (tests/vectors/configurator.json, format in
tests/vectors/README.md) against the server's pure decisions (services/configurator/domain.py,
docs/spec.md section 2.13). The browser's mirror runs the same file
(webapp/src/features/configurator/model/decide.test.ts), so the two cannot drift apart.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from services.configurator import domain as d

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "configurator.json"
DOC = json.loads(VECTORS.read_text())
CASES = {case["name"]: case for case in DOC["cases"]}


def configurator(data: dict[str, Any]) -> d.Configurator:
    """A domain Configurator from the contract JSON of GET /api/configurator/{product_id}."""
    return d.Configurator(
        product_id=data["product_id"],
        version=data["version"],
        name=data["name"],
        base_sku=data["base_sku"],
        base_eur=data["base_eur"],
        base_usd=data["base_usd"],
        coming_soon=data["coming_soon"],
        angles=tuple(d.Angle(a["id"], a["name"], a["use_in_cart"]) for a in data["angles"]),
        layers=tuple(
            d.Layer(
                id=layer["id"],
                name=layer["name"],
                required=layer["required"],
                multiple=layer["multiple"],
                min_choices=layer["min_choices"],
                max_choices=layer["max_choices"],
                default_choice_id=layer["default_choice_id"],
                stack=layer["stack"],
                description=layer["description"],
            )
            for layer in data["layers"]
        ),
        choices=tuple(
            d.Choice(
                id=c["id"],
                layer_id=c["layer_id"],
                name=c["name"],
                sku_part=c["sku_part"],
                extra_eur=c["extra_eur"],
                extra_usd=c["extra_usd"],
                stock_status=c["stock_status"],
                has_backorder=c["has_backorder"],
                coming_soon=c["coming_soon"],
                description=c["description"],
                colour=c["colour"],
                thumbnail=c["thumbnail"],
                alt=c["alt"],
                images=tuple(d.ChoiceImage(i["angle_id"], i["url"], i["z"]) for i in c["images"]),
            )
            for c in data["choices"]
        ),
        rules=tuple(
            d.Rule(r["id"], tuple(r["when"]), r["effect"], tuple(r["targets"]), r["reason"])
            for r in data["rules"]
        ),
    )


def test_the_vector_file_has_format_version_1_unique_sentence_names_and_known_configurators() -> None:
    assert DOC["version"] == 1
    names = [case["name"] for case in DOC["cases"]]
    assert len(names) == len(set(names)) >= 20
    assert all(" " in name and name == name.strip() for name in names)
    assert {case["configurator"] for case in DOC["cases"]} == set(DOC["configurators"])


def test_every_problem_code_and_button_state_is_covered_by_a_vector() -> None:
    codes = {p["code"] for case in DOC["cases"] for p in case["expect"]["problems"]}
    assert codes == {"invalid_configuration", "configuration_required", "configuration_unavailable"}
    buttons = {case["expect"]["button"] for case in DOC["cases"]}
    assert buttons == set(d.ADD_BUTTON_LABELS)


@pytest.mark.parametrize("name", sorted(DOC["configurators"]))
def test_default_selection(name: str) -> None:
    data = DOC["configurators"][name]
    assert d.default_selection(configurator(data)) == data["defaults"]


@pytest.mark.parametrize("name", list(CASES))
def test_vector(name: str) -> None:
    case = CASES[name]
    cfg = configurator(DOC["configurators"][case["configurator"]])
    want = case["expect"]
    verdict = d.validate(cfg, case["keys"])
    problems = [
        {
            "code": p.code,
            "message": p.message,
            "status": p.status,
            "layer_id": p.layer_id,
            "choice_id": p.choice_id,
        }
        for p in verdict.problems
    ]
    assert problems == want["problems"]
    assert verdict.ok is want["ok"]
    assert (verdict.eur, verdict.usd) == (want["eur"], want["usd"])
    assert list(verdict.skus) == want["skus"]
    assert verdict.button == want["button"]
    assert verdict.preorder is want["preorder"]
    for key, state in want["states"].items():
        got = verdict.states[key]
        assert {
            "hidden": got.hidden,
            "disabled": got.disabled,
            "required": got.required,
            "reason": got.reason,
            "instead": list(got.instead),
        } == state, key
    assert d.apply_select_rules(cfg, case["keys"][: d.MAX_CHOICES]) == want["selected"]
