/** An order as GET /api/wc/orders/{id}?key= answers it (contract B). Money: minor units of `currency`. */

export interface OrderAddress {
  first_name?: string;
  last_name?: string;
  company?: string;
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  postcode?: string;
  country?: string;
  email?: string;
  phone?: string;
}

export interface OrderLine {
  sku: string | null;
  name: string;
  product_id: number;
  variation_id: number | null;
  count: number;
  unit_price: number;
  line_total: number;
  configuration?: unknown;
}

export interface Order {
  id: string | number;
  number: string | number;
  date_created: string;
  status: string;
  total: number;
  currency: 'EUR' | 'USD';
  payment_method: string;
  payment_method_title: string;
  lines: OrderLine[];
  coupons: { code: string; discount: number }[];
  discount: number;
  tax: number;
  tax_name?: string;
  shipping: number;
  shipping_method_title?: string;
  subtotal: number;
  billing?: OrderAddress;
  shipping_address?: OrderAddress;
  /** How to pay while the order awaits payment (bank transfer: the shop's bank details). */
  payment_instructions?: PaymentInstructions | null;
}

/** A bank transfer's instructions (amount in minor units of `currency`); other methods: `text` only. */
export interface PaymentInstructions {
  text?: string;
  account_name?: string;
  iban?: string;
  bic?: string;
  bank_name?: string;
  reference?: string;
  amount?: number;
  currency?: 'EUR' | 'USD';
}
