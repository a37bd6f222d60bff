import { isPdf, parseSpecValue } from './techSpecs';

describe('tech spec values', () => {
  it('plain values stay text', () => {
    expect(parseSpecValue('75%, 82 keys')).toEqual([{ kind: 'text', text: '75%, 82 keys' }]);
    expect(parseSpecValue(54)).toEqual([{ kind: 'text', text: '54' }]);
    expect(parseSpecValue(null)).toEqual([]);
  });

  it('a markdown-style link becomes a link', () => {
    expect(parseSpecValue('[Which switch?](https://halvard.gg/wp/category/keyboard-switches/)')).toEqual([
      { kind: 'link', text: 'Which switch?', url: 'https://halvard.gg/wp/category/keyboard-switches/' },
    ]);
  });

  it('a link to a pdf becomes a PDF part (Read PDF / Download PDF)', () => {
    expect(parseSpecValue('[Datasheet](https://halvard.gg/wp/uploads/odin75-datasheet.pdf)')).toEqual([
      { kind: 'pdf', text: 'Datasheet', url: 'https://halvard.gg/wp/uploads/odin75-datasheet.pdf' },
    ]);
    expect(isPdf('https://x.example/Manual.PDF?download=1#p2')).toBe(true);
    expect(isPdf('https://x.example/pdf/viewer')).toBe(false);
  });

  it('keeps text around links and links with unsafe targets as text', () => {
    expect(parseSpecValue('See [guide](/guide) first')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'guide', url: '/guide' },
      { kind: 'text', text: ' first' },
    ]);
    expect(parseSpecValue('[x](javascript:alert(1))')).toEqual([{ kind: 'text', text: '[x](javascript:alert(1))' }]);
  });
});
