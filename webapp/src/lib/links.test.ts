import { siteKey, stripCmsPrefix, toAppLink } from './links';

describe('toAppLink', () => {
  it('turns same-site category and product links into in-app routes without the content-system prefix', () => {
    expect(toAppLink('https://halvard.gg/wp/category/keyboards/')).toEqual({ internal: true, to: '/keyboards' });
    expect(toAppLink('https://halvard.gg/wp/product/keyboards/k1-pro/')).toEqual({ internal: true, to: '/keyboards/k1-pro' });
    expect(toAppLink('https://halvard.gg/wp/resellers/')).toEqual({ internal: true, to: '/resellers' });
    expect(toAppLink('https://halvard.gg/wp/')).toEqual({ internal: true, to: '/' });
  });

  it('compares the last two host labels', () => {
    expect(toAppLink('https://shop.halvard.gg/wp/category/mice/')).toEqual({ internal: true, to: '/mice' });
    expect(toAppLink('http://www.HALVARD.gg/contact')).toEqual({ internal: true, to: '/contact' });
    expect(toAppLink('https://halvard.gg.evil.com/wp/category/mice/')).toEqual({
      internal: false,
      href: 'https://halvard.gg.evil.com/wp/category/mice/',
    });
  });

  it('accepts a custom site host and the page’s own host', () => {
    expect(toAppLink('https://example.org/wp/category/mice', 'shop.example.org')).toEqual({ internal: true, to: '/mice' });
    // jsdom serves the test page from localhost
    expect(toAppLink(`http://${window.location.hostname}:8000/wp/news`)).toEqual({ internal: true, to: '/news' });
  });

  it('keeps query and hash', () => {
    expect(toAppLink('https://halvard.gg/wp/category/keyboards/?newsletter=1#top')).toEqual({
      internal: true,
      to: '/keyboards?newsletter=1#top',
    });
  });

  it('leaves other sites, mailto and tel as external links', () => {
    expect(toAppLink('https://youtube.com/watch?v=abc')).toEqual({ internal: false, href: 'https://youtube.com/watch?v=abc' });
    expect(toAppLink('mailto:support@halvard.gg')).toEqual({ internal: false, href: 'mailto:support@halvard.gg' });
  });

  it('treats relative paths as in-app', () => {
    expect(toAppLink('/wp/category/mousepads')).toEqual({ internal: true, to: '/mousepads' });
    expect(toAppLink('/cart')).toEqual({ internal: true, to: '/cart' });
    expect(toAppLink('')).toEqual({ internal: true, to: '/' });
  });

  it('does not strip look-alike prefixes', () => {
    expect(stripCmsPrefix('/wpx/page')).toBe('/wpx/page');
    expect(stripCmsPrefix('/wp/products/x')).toBe('/products/x');
  });

  it('siteKey keeps IPs whole', () => {
    expect(siteKey('127.0.0.1')).toBe('127.0.0.1');
    expect(siteKey('a.b.halvard.gg')).toBe('halvard.gg');
  });
});
