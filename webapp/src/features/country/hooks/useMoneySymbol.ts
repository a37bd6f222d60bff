import { selectMoneySymbol, useCountryStore } from '../store/countryStore';

/** The money symbol of the chosen currency (the configurator's, docs/spec.md section 4 "Country selection"). */
export const useMoneySymbol = () => useCountryStore(selectMoneySymbol);
