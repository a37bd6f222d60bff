/**
 * An order as GET /api/wc/orders/{id}?key= answers it (docs/spec.md section 7), as the back end's
 * OpenAPI document states it (services/checkout/schemas.py `OrderOut`; `npm run gen:api`).
 * Money: minor units of `currency`. Change the server's models and regenerate, never these.
 */
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** A shipping address (WooCommerce names); `BillingAddress` adds `email` and `phone`. */
export type OrderAddress = Schemas['AddressOut'];
export type BillingAddress = Schemas['BillingOut'];
export type OrderLine = Schemas['OrderLineOut'];
/**
 * `support_reference` ("K7F-3QX", docs/spec.md section 2.14): the code of the cart the order was
 * placed from, to read out to support. Added by hand until the generated `OrderOut` has it.
 */
export type Order = Schemas['OrderOut'] & { support_reference?: string | null };
/** How to pay while the order awaits payment (bank transfer: the shop's bank details). */
export type PaymentInstructions = Schemas['PaymentInstructionsOut'];
