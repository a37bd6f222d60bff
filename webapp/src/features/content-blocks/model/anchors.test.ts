import { ANCHOR_OFFSET_PX, anchorId, anchorOffset, anchorScrollTop, currentAnchor, readAnchors } from './anchors';

describe('anchors', () => {
  it('offsets are 130 px, 179 px for admin or reviewer viewers', () => {
    expect(ANCHOR_OFFSET_PX).toEqual({ visitor: 130, staff: 179 });
    expect(anchorOffset(false)).toBe(130);
    expect(anchorOffset(true)).toBe(179);
  });

  it('scrolls so the marker lands at the offset', () => {
    expect(anchorScrollTop(900, 0, false)).toBe(770);
    expect(anchorScrollTop(900, 0, true)).toBe(721);
    expect(anchorScrollTop(-200, 1500, false)).toBe(1170);
    expect(anchorScrollTop(50, 0, false)).toBe(0);
  });

  it('reads markers in order, skipping duplicates and markers without id or title', () => {
    expect(
      readAnchors([
        { acf_fc_layout: 'hero_image' },
        { acf_fc_layout: 'anchor_link', anchor: 'specs', title: 'Specs' },
        { acf_fc_layout: 'anchor_link', anchor: '#Reviews & more', title: 'Reviews' },
        { acf_fc_layout: 'anchor_link', anchor: 'specs', title: 'Again' },
        { acf_fc_layout: 'anchor_link', anchor: '', title: '' },
        { acf_fc_layout: 'anchor_link', title: 'FAQ' },
      ]),
    ).toEqual([
      { id: 'specs', title: 'Specs' },
      { id: 'Reviews--more', title: 'Reviews' },
      { id: 'FAQ', title: 'FAQ' },
    ]);
    expect(readAnchors(null)).toEqual([]);
  });

  it('anchor ids are safe element ids', () => {
    expect(anchorId('123 "><img>')).toBe('img');
    expect(anchorId('  my section ')).toBe('my-section');
  });

  it('the current anchor is the last one scrolled past the offset', () => {
    const tops = (a: number, b: number) => [
      { id: 'a', top: a },
      { id: 'b', top: b },
    ];
    expect(currentAnchor(tops(400, 900), false)).toBeNull();
    expect(currentAnchor(tops(130, 900), false)).toBe('a');
    expect(currentAnchor(tops(-500, 132), false)).toBe('a');
    expect(currentAnchor(tops(-500, 178), true)).toBe('b');
  });
});
