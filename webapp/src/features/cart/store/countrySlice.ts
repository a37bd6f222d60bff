import type { StateCreator } from 'zustand';
import { DEFAULT_COUNTRY } from '@/config/site';
import type { CartCountry } from '../types';
import type { CartState } from './cartStore';

export interface CountrySlice {
  country: CartCountry;
  setCountry: (country: CartCountry) => void;
}

export const createCountrySlice: StateCreator<CartState, [], [], CountrySlice> = (set) => ({
  country: { ...DEFAULT_COUNTRY },
  setCountry: (country) => set({ country }),
});
