/**
 * The double opt-in links of the newsletter mails: confirm (POST /api/newsletter/confirm {token})
 * and one-click unsubscribe (POST /api/newsletter/unsubscribe?token=). Never throw: 404 is a link
 * that is not (or no longer) ours, 410 an expired confirm link, anything else a failure.
 */
import { apiPaths } from '@/config/paths';
import { postJson } from '@/lib/http';
import type { LinkResult } from '../types';

async function post(url: string, body: unknown, done: LinkResult): Promise<LinkResult> {
  try {
    const response = await postJson(url, body);
    if (response.ok) return done;
    console.warn(`POST ${url.split('?')[0]} -> ${response.status}`);
    if (response.status === 404) return 'invalid';
    if (response.status === 410) return 'expired';
    return 'failed';
  } catch (error) {
    console.warn(`POST ${url.split('?')[0]} failed`, error);
    return 'failed';
  }
}

export function confirmSubscription(token: string): Promise<LinkResult> {
  return post(apiPaths.newsletterConfirm, { token }, 'done');
}

export function unsubscribeByLink(token: string): Promise<LinkResult> {
  return post(apiPaths.newsletterUnsubscribe(token), undefined, 'done');
}
