/** Public API of the country feature. */
export { CountrySelector } from './components/CountrySelector';
export { ShippingPromise } from './components/ShippingPromise';
export { getCountries } from './api/getCountries';
export { useCountryStore } from './store/countryStore';
export { useCurrency } from './hooks/useCurrency';
export { useMoneySymbol } from './hooks/useMoneySymbol';
