import { columnsForWidth } from './columns';

describe('columnsForWidth', () => {
  it.each([
    [0, 1],
    [599, 1],
    [600, 2],
    [919, 2],
    [920, 3],
    [1179, 3],
    [1180, 4],
    [2400, 4],
  ])('%i px -> %i per row', (width, columns) => {
    expect(columnsForWidth(width)).toBe(columns);
  });

  it('supports other thresholds (trending slider: 400, 800, 1200, 1600)', () => {
    expect(columnsForWidth(1599, [400, 800, 1200, 1600])).toBe(4);
    expect(columnsForWidth(1600, [400, 800, 1200, 1600])).toBe(5);
  });
});
