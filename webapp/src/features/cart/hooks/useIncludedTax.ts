import { useEffect, useState } from 'react';
import { getTaxes, type TaxRate } from '../api/cartCatalogue';

let cache: Promise<TaxRate[]> | null = null;

/** The tax rate for the shipping country, e.g. { name: 'MwSt.', rate: '19.0000' }. */
export function useTaxRate(countryCode: string): TaxRate | null {
  const [rates, setRates] = useState<TaxRate[]>([]);
  useEffect(() => {
    cache ??= getTaxes();
    let live = true;
    cache.then((list) => live && setRates(list));
    return () => {
      live = false;
    };
  }, []);
  return rates.find((r) => r.country === countryCode) ?? null;
}

/** Tax included in a gross amount, in cents: gross × rate / (100 + rate); rate parsed as 1/10000ths. */
export function includedTax(grossCents: number, rate: string): number {
  const match = /^(\d+)(?:\.(\d{0,4}))?/.exec(rate.trim());
  if (!match) return 0;
  const rateTenThousandths = Number(match[1]) * 10000 + Number((match[2] ?? '').padEnd(4, '0'));
  if (rateTenThousandths <= 0) return 0;
  return Math.round((grossCents * rateTenThousandths) / (1_000_000 + rateTenThousandths));
}
