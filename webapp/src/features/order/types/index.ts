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
 * `support_reference` ("K7F-3QX", docs/spec.md section 2.14): the code of the cart the order was placed
 * from; `status_label` ("On hold"), `preorder`, `shipments` and the addresses' `country_name`
 * (docs/spec.md section 2.12).
 */
export type Order = Schemas['OrderOut'];
/** A parcel sent for the order: `carrier`, `tracking_number`, `shipped_at` (ISO 8601). */
export type Shipment = Schemas['ShipmentOut'];
/** How to pay while the order awaits payment (bank transfer: the shop's bank details). */
export type PaymentInstructions = Schemas['PaymentInstructionsOut'];
