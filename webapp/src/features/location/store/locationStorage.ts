/**
 * The location cached in local storage under "location" (docs/spec.md section 3): the spec's fields as plain
 * JSON. Read and write failures are logged only (docs/spec.md section 8).
 */
import { toLocation } from '../api/getLocation';
import type { VisitorLocation } from '../types';

export const LOCATION_STORAGE_KEY = 'location';

export function readSavedLocation(): VisitorLocation | null {
  try {
    const raw = localStorage.getItem(LOCATION_STORAGE_KEY);
    return raw ? toLocation(JSON.parse(raw)) : null;
  } catch (error) {
    console.warn('could not read the saved location', error);
    return null;
  }
}

export function saveLocation(location: VisitorLocation): void {
  try {
    localStorage.setItem(LOCATION_STORAGE_KEY, JSON.stringify(location));
  } catch (error) {
    console.warn('could not save the location', error);
  }
}
