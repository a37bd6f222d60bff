import { useCountryStore } from '../store/countryStore';

export const useCurrency = () => useCountryStore((state) => state.currency);
