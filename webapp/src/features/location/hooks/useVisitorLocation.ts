import { useEffect, useState } from 'react';
import { getLocation } from '../api/getLocation';
import { readSavedLocation, saveLocation } from '../store/locationStorage';
import type { VisitorLocation } from '../types';

let lookup: Promise<VisitorLocation | null> | null = null;

/**
 * The saved location, or GET /api/location once (first visit; one request per page load even
 * when several components ask), saved under "location". Null when the lookup fails (logged
 * only, docs/spec.md section 8); a later visit tries again.
 */
export function loadVisitorLocation(): Promise<VisitorLocation | null> {
  const saved = readSavedLocation();
  if (saved) return Promise.resolve(saved);
  lookup ??= getLocation().then((location) => {
    if (location) saveLocation(location);
    lookup = null; // from now on the cache answers (or, after a failure, a new lookup)
    return location;
  });
  return lookup;
}

/** Forget the in-flight lookup (tests). */
export function resetLocationLookup(): void {
  lookup = null;
}

/**
 * The visitor's location for components: null until known. `onLocation` runs once it is known
 * (from the cache or the first lookup): the app uses it to pick the initial shipping country.
 */
export function useVisitorLocation(onLocation?: (location: VisitorLocation) => void): VisitorLocation | null {
  const [location, setLocation] = useState<VisitorLocation | null>(readSavedLocation);
  useEffect(() => {
    let live = true;
    void loadVisitorLocation().then((found) => {
      if (!live || !found) return;
      setLocation(found);
      onLocation?.(found);
    });
    return () => {
      live = false;
    };
  }, [onLocation]);
  return location;
}
