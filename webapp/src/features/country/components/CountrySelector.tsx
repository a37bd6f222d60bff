import { useId } from 'react';
import { useCountryStore } from '../store/countryStore';
import type { Country } from '../types';
import styles from './CountrySelector.module.css';

interface Props {
  countries: Country[];
  /** Visible label text; the control is always labelled. */
  label?: string;
  compact?: boolean;
}

export function CountrySelector({ countries, label = 'Shipping country', compact = false }: Props) {
  const id = useId();
  const code = useCountryStore((s) => s.code);
  const currency = useCountryStore((s) => s.currency);
  const setCountry = useCountryStore((s) => s.setCountry);
  const options = countries.some((c) => c.code === code) ? countries : [{ code, name: code, currency }, ...countries];

  return (
    <div className={compact ? `${styles.root} ${styles.compact}` : styles.root}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={code}
        onChange={(event) => {
          const next = options.find((c) => c.code === event.target.value);
          if (next) setCountry({ code: next.code, currency: next.currency, name: next.name });
        }}
      >
        {options.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name} ({country.currency === 'USD' ? '$' : '€'})
          </option>
        ))}
      </select>
    </div>
  );
}
