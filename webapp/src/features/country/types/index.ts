export type { Country, Currency } from '@/types/api';
