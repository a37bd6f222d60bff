import { useCallback } from 'react';
import { useCountryStore } from '@/features/country';
import { useVisitorLocation, type VisitorLocation } from '@/features/location';
import type { Country } from '@/types/api';

/**
 * docs/spec.md section 3 "Location": the first visit's shipping country is guessed from the IP address
 * (GET /api/location, cached under "location"), unless the visitor chose one. Only a country
 * we ship to is taken; otherwise the default stays (Germany, EUR: "falls back to EUR").
 * The cart follows through useCartSync (set_country).
 */
export function useGuessedCountry(countries: readonly Country[]): void {
  const guessCountry = useCountryStore((s) => s.guessCountry);
  const onLocation = useCallback(
    (location: VisitorLocation) => {
      const country = location.country_code ? countries.find((c) => c.code === location.country_code) : undefined;
      if (country) guessCountry({ code: country.code, currency: country.currency, name: country.name });
    },
    [countries, guessCountry],
  );
  useVisitorLocation(onLocation);
}
