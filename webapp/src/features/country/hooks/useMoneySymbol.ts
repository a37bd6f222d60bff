import { selectMoneySymbol, useCountryStore } from '../store/countryStore';

/** The money symbol of the chosen currency (the configurator's, spec 4 "Country selection"). */
export const useMoneySymbol = () => useCountryStore(selectMoneySymbol);
