import { formatPostDate } from './dates';

it('formats post dates like 5 March, 2023', () => {
  expect(formatPostDate('2023-03-05T10:00:00')).toBe('5 March, 2023');
  expect(formatPostDate('2024-12-31')).toBe('31 December, 2024');
  expect(formatPostDate('nope')).toBe('');
});
