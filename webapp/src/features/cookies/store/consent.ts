/**
 * Cookie consent (docs/spec.md section 2 "Footer"): 'OK' stores the acceptance in local storage under
 * `acceptCookies` (the value "true"). A tiny external store so the banner and the page-view
 * tracking see the same answer at once, in this tab and (through the `storage` event) in others.
 * Local storage failures are logged only (docs/spec.md section 8); acceptance then lasts for this page.
 */
import { useSyncExternalStore } from 'react';

export const ACCEPT_COOKIES_KEY = 'acceptCookies';

const listeners = new Set<() => void>();
/** Set when the acceptance could not be written (private mode, full quota). */
let acceptedInMemory = false;

function readStored(): boolean {
  try {
    return localStorage.getItem(ACCEPT_COOKIES_KEY) === 'true';
  } catch (error) {
    console.warn('reading acceptCookies failed', error);
    return false;
  }
}

/** Whether the visitor accepted cookies. */
export function cookiesAccepted(): boolean {
  return acceptedInMemory || readStored();
}

/** Store the acceptance ('OK') and tell every subscriber. */
export function acceptCookies(): void {
  try {
    localStorage.setItem(ACCEPT_COOKIES_KEY, 'true');
  } catch (error) {
    console.warn('storing acceptCookies failed', error);
    acceptedInMemory = true;
  }
  listeners.forEach((listener) => listener());
}

function onStorage(event: StorageEvent) {
  if (event.key === ACCEPT_COOKIES_KEY || event.key === null) listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** React hook: true once the visitor accepted cookies (re-renders when that changes). */
export function useCookiesAccepted(): boolean {
  return useSyncExternalStore(subscribe, cookiesAccepted, () => false);
}

/** Tests only: forget an in-memory acceptance. */
export function resetCookieConsentForTests(): void {
  acceptedInMemory = false;
}
