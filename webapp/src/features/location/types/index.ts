/**
 * The visitor's location guessed from their IP address on the server (GET /api/location,
 * docs/spec.md section 3 "Location"): `country_code` null when unknown, `currency` then EUR.
 */
export interface VisitorLocation {
  country_code: string | null;
  country_name: string | null;
  currency: 'EUR' | 'USD';
  city: string | null;
  calling_code: string | null;
  is_eu: boolean;
  emoji_flag: string | null;
  flag: string | null;
  timezone: string | null;
}
