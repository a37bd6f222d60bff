import { readImage, readLink, readLinkList } from './fields';

describe('content block fields', () => {
  it('reads the promo link target from the key its layout names', () => {
    expect(readLinkList([{ acf_fc_layout: 'internal', internal: 'https://halvard.gg/wp/category/keyboards/' }])).toEqual({
      url: 'https://halvard.gg/wp/category/keyboards/',
      title: undefined,
    });
    expect(readLinkList([{ acf_fc_layout: 'external', external: { url: 'https://x.org', title: 'X' } }, { acf_fc_layout: 'internal', internal: '/b' }])).toEqual({
      url: 'https://x.org',
      title: 'X',
    });
    expect(readLinkList([])).toBeNull();
  });

  it('reads images as strings or objects', () => {
    expect(readImage('/media/a.jpg', 'A')).toEqual({ src: '/media/a.jpg', alt: 'A' });
    expect(readImage({ url: '/media/b.jpg', alt: 'B', width: 10, height: 5 })).toEqual({ src: '/media/b.jpg', alt: 'B', width: 10, height: 5 });
    expect(readImage(null)).toBeNull();
  });

  it('reads links as strings or objects', () => {
    expect(readLink({ url: '/x', title: 'Go' })).toEqual({ url: '/x', title: 'Go' });
    expect(readLink('')).toBeNull();
  });
});
