import { apiPaths } from '@/config/paths';
import { getJson, getList } from '@/lib/http';
import type { Company, PaymentMethodInfo } from '@/types/api';

/** What the footer says about the shop (docs/spec.md section 2.16): the seller and the payment methods it accepts. */
export interface ShopInfo {
  /** null when the details could not be read (the footer then leaves them out). */
  company: Company | null;
  paymentMethods: PaymentMethodInfo[];
}

/** GET /api/company and /api/checkout/payment-methods together; a failed read gives an empty part (docs/spec.md section 8). */
export async function getShopInfo(signal?: AbortSignal): Promise<ShopInfo> {
  const [company, paymentMethods] = await Promise.all([
    getJson<Company | null>(apiPaths.company, null, { signal }),
    getList<PaymentMethodInfo>(apiPaths.paymentMethods, { signal }),
  ]);
  return { company: company && typeof company.legal_name === 'string' ? company : null, paymentMethods };
}
