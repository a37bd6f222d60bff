/**
 * POST /api/newsletter (spec section 7: status 200 means success). Never throws: 422 is an
 * invalid email ('Please enter a valid email'); anything else (5xx, 429, network) a failure.
 */
import { apiPaths } from '@/config/paths';
import type { NewsletterPayload, SubscribeResult } from '../types';

export async function subscribe(payload: NewsletterPayload): Promise<SubscribeResult> {
  try {
    const response = await fetch(apiPaths.newsletter, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
      cache: 'no-store',
    });
    if (response.status === 200) return 'sent';
    console.warn(`POST ${apiPaths.newsletter} -> ${response.status}`);
    if (response.status === 422) {
      const data = (await response.json().catch(() => null)) as { fields?: { email?: unknown } } | null;
      if (data?.fields?.email) return 'invalid';
    }
    return 'failed';
  } catch (error) {
    console.warn(`POST ${apiPaths.newsletter} failed`, error);
    return 'failed';
  }
}
