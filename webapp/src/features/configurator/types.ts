/**
 * The configurator's JSON shapes (docs/spec.md section 2.13), as the back end's OpenAPI document
 * states them (services/configurator/schemas.py -> webapp/openapi.json -> api.gen.ts, `npm run
 * gen:api`): `GET /api/configurator/{product_id}` and `POST /api/configurator/{product_id}/quote`.
 * Snake case on purpose: these are the API's field names. Money: integer minor units (cents) in
 * EUR and USD.
 */
import type { Schemas } from '@/types/api';

export type StockStatus = ChoiceData['stock_status'];
export type RuleEffect = RuleData['effect'];
/** The add button's state (docs/spec.md section 4, "Configurator add button"). */
export type AddButton = Quote['button'];

/** A view of the product; `use_in_cart` marks the angle the cart's thumbnail is drawn from. */
export type AngleData = Schemas['AngleOut'];
/** A group of choices, in menu order; `stack` orders its images in the viewer (higher on top); `max_choices` 0 = no upper bound. */
export type LayerData = Schemas['LayerOut'];
/** A choice's picture for one angle; `z` adds to its layer's `stack`. */
export type ChoiceImageData = Schemas['ImageOut'];
/** One option of a layer; `key` is "layer_id:choice_id"; extras in minor units. */
export type ChoiceData = Schemas['ChoiceOut'];
/** "When every key of `when` is selected, `effect` applies to `targets`", with the shopper's reason. */
export type RuleData = Schemas['RuleOut'];
/** `GET /api/configurator/{product_id}`: a product's configurator at one version. */
export type ConfiguratorData = Schemas['ConfiguratorOut'];
/** Why a configuration cannot be bought (code stable, message shown to the shopper). */
export type ConfigProblem = Schemas['ConfiguratorProblemOut'];
/** `POST /api/configurator/{product_id}/quote`: the server's verdict on a configuration. */
export type Quote = Schemas['ConfiguratorQuoteOut'];
