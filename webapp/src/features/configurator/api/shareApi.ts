/**
 * Share links of configured builds (docs/spec.md section 2.13; the HTTP contract of
 * POST /api/get-share-url and POST /api/get-share-data). A build is a list of
 * "layer_id:choice_id" keys; money in the answers is integer minor units (cents).
 */
import { jsonObject, postJson } from '@/lib/http';
import type { Schemas } from '@/types/api';

/** POST /api/get-share-url answer: `url` = host + product path + "?d=" + hash; `hash` 20 hex digits. */
export type ShareUrl = Schemas['ShareOut'];
/** One choice of a shared build, restored to named fields (extras in minor units). */
export type SharedChoice = Schemas['SharedChoiceOut'];
/** What changed in the configurator since the build was shared (domain `restore`). */
export type ShareChange = Schemas['ChangeOut'];
/** POST /api/get-share-data answer. */
export type ShareData = Schemas['ShareDataOut'];

/** A refused or failed share-url creation, with a message the shopper can act on. */
export class ShareError extends Error {
  constructor(
    message: string,
    /** The server's error code (`configurator_not_found`, `invalid_configuration`, ...), or `network`. */
    readonly code: string,
  ) {
    super(message);
    this.name = 'ShareError';
  }
}

const SHARE_URL = '/api/get-share-url';
const SHARE_DATA = '/api/get-share-data';

/** Shopper-facing messages per server code (the server's own message is technical for some). */
const MESSAGES: Record<string, string> = {
  configurator_not_found: 'This product can no longer be customised, so the build cannot be shared.',
  invalid_configuration: 'This build contains options that are no longer offered. Change them and try again.',
  rate_limited: 'Too many share links in a short time. Please wait a moment and try again.',
};
const FALLBACK = 'We could not create a link right now. Please try again.';
const OFFLINE = 'We could not reach the shop to create a link. Check your connection and try again.';

/**
 * Creates (or finds: same build, same hash) the share link of a build.
 * `host` is the shop's origin (`window.location.origin`); the server ignores a foreign one.
 * Resolves to `{url, hash}`; rejects with a `ShareError` whose message is for the shopper
 * (404 unknown product, 422 unknown keys, 429, 5xx, network). An abort rejects as fetch does.
 */
export async function createShareUrl(productId: number, keys: readonly string[], host: string, signal?: AbortSignal): Promise<ShareUrl> {
  let response: Response;
  try {
    response = await postJson(SHARE_URL, { configuration: { product_id: productId, choices: [...keys] }, host }, { signal });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ShareError(OFFLINE, 'network');
  }
  const body = await jsonObject(response);
  if (response.ok && typeof body.url === 'string' && typeof body.hash === 'string') return { url: body.url, hash: body.hash };
  const code = typeof body.code === 'string' ? body.code : `http_${response.status}`;
  console.warn(`POST ${SHARE_URL} -> ${response.status} ${code}`);
  throw new ShareError(MESSAGES[code] ?? FALLBACK, code);
}

function isShareData(body: Record<string, unknown>): body is Record<string, unknown> & ShareData {
  const configuration = body.configuration as Partial<ShareData['configuration']> | undefined;
  return (
    !!configuration &&
    typeof configuration.product_id === 'number' &&
    Array.isArray(configuration.choices) &&
    configuration.choices.every((c) => !!c && typeof (c as Partial<SharedChoice>).key === 'string') &&
    (body.changes === undefined || Array.isArray(body.changes))
  );
}

/**
 * The shared build behind `hash`, or null when it cannot be had (unknown hash 404, bad answer,
 * network): per docs/spec.md section 8 a failed shared-data read is logged only (console.warn).
 * An abort resolves to null without a log.
 */
export async function getShareData(hash: string, signal?: AbortSignal): Promise<ShareData | null> {
  try {
    const response = await postJson(SHARE_DATA, { hash }, { signal });
    const body = await jsonObject(response);
    if (!response.ok || !isShareData(body)) {
      console.warn(`POST ${SHARE_DATA} -> ${response.status}`, body.code ?? 'unexpected answer');
      return null;
    }
    return { configuration: body.configuration, current_version: Number(body.current_version ?? body.configuration.version), changes: body.changes ?? [] };
  } catch (error) {
    if ((error as Error)?.name !== 'AbortError') console.warn(`POST ${SHARE_DATA} failed`, error);
    return null;
  }
}
