/**
 * POST /api/mail (docs/spec.md section 7: status 200 means sent). Never throws: a 422 with field
 * messages for the form's fields is `invalid`; anything else (5xx, 429, network) is `failed`
 * and shows the server-error panel (docs/spec.md section 8).
 */
import { apiPaths } from '@/config/paths';
import { postJson } from '@/lib/http';
import type { ContactErrors, ContactField, ContactPayload, SendResult } from '../types';

const FIELDS: ContactField[] = ['email', 'message', 'name', 'orderNumber'];

function fieldErrors(data: unknown): ContactErrors {
  const fields = (data as { fields?: unknown } | null)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  const errors: ContactErrors = {};
  for (const field of FIELDS) {
    const message = (fields as Record<string, unknown>)[field];
    if (typeof message === 'string' && message) errors[field] = message;
  }
  return errors;
}

export async function sendContactMessage(payload: ContactPayload): Promise<SendResult> {
  try {
    const response = await postJson(apiPaths.mail, payload);
    if (response.status === 200) return { kind: 'sent' };
    if (response.status === 422) {
      const errors = fieldErrors(await response.json().catch(() => null));
      if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
    }
    console.warn(`POST ${apiPaths.mail} -> ${response.status}`);
    return { kind: 'failed' };
  } catch (error) {
    console.warn(`POST ${apiPaths.mail} failed`, error);
    return { kind: 'failed' };
  }
}
