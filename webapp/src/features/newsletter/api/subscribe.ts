/**
 * POST /api/newsletter (docs/spec.md section 7: status 200 means success). Never throws: 422 is an
 * invalid email ('Please enter a valid email'); anything else (5xx, 429, network) a failure.
 */
import { apiPaths } from '@/config/paths';
import { postJson } from '@/lib/http';
import type { NewsletterPayload, SubscribeResult } from '../types';

export async function subscribe(payload: NewsletterPayload): Promise<SubscribeResult> {
  try {
    const response = await postJson(apiPaths.newsletter, payload);
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
