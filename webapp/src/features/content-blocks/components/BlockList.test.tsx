import { act, screen } from '@testing-library/react';
import type { Block } from '../types';
import { BlockList } from './BlockList';
import { PromoTiles } from './Promo';
import { LAYOUTS, registerBlock } from './registry';
import { renderInRouter } from './testing';

const blocks: Block[] = [
  { acf_fc_layout: 'hero_image', image: { url: '/media/hero.jpg', width: 1600, height: 900, alt: 'Hero' }, title: 'Play louder', text: '<p>Built for the win</p>', link: 'https://halvard.gg/wp/category/keyboards/' },
  { acf_fc_layout: 'text_row', title: 'Our story', text: '<p>Made in the north.</p>' },
  { acf_fc_layout: 'mystery_layout', title: 'Never shown' },
  { acf_fc_layout: 'info_box', items: [{ title: 'Fast shipping', text: '2-3 days' }, { title: 'Warranty', text: '2 years' }] },
  { acf_fc_layout: 'html', html: '<p id="raw">Raw <em>html</em></p><script>window.__pwned = true</script><img src=x onerror="window.__pwned=true">' },
];

describe('BlockList', () => {
  it('renders blocks in order by layout and skips unknown layouts', () => {
    const { container } = renderInRouter(<BlockList blocks={blocks} />);
    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings).toEqual(['Play louder', 'Our story', 'Fast shipping', 'Warranty']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Play louder');
    expect(screen.queryByText('Never shown')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', '/keyboards');
    expect(container.querySelector('img')).toHaveAttribute('width', '1600');
  });

  it('sanitises html blocks: no script survives', () => {
    const { container } = renderInRouter(<BlockList blocks={blocks} />);
    expect(container.querySelector('#raw')).toHaveTextContent('Raw html');
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toContain('onerror');
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it('lets later issues register new layouts', () => {
    registerBlock('custom_layout', ({ block }) => <p>Custom: {String(block.question)}</p>);
    renderInRouter(<BlockList blocks={[{ acf_fc_layout: 'custom_layout', question: 'Why?' }]} />);
    expect(screen.getByText('Custom: Why?')).toBeInTheDocument();
  });

  it('knows every layout of docs/spec.md section 2', () => {
    const spec = ['hero', 'hero_image', 'promo', 'quick_info', 'info_box', 'tech_specs', 'reviews', 'videos', 'gallery', 'gallery_grid', 'faq', 'html', 'related_products', 'trending_products', 'ticker', 'newsfeed', 'text_row', 'anchor_link'];
    expect([...LAYOUTS].sort()).toEqual([...spec].sort());
  });

  it('loads on-demand blocks and puts the anchor menu at the first marker', async () => {
    const { container } = renderInRouter(
      <BlockList
        blocks={[
          { acf_fc_layout: 'hero_image', title: 'Top' },
          { acf_fc_layout: 'anchor_link', anchor: 'faq', title: 'FAQ' },
          { acf_fc_layout: 'faq', title: 'Questions', items: [{ question: 'Why?', answer: 'Because.' }] },
          { acf_fc_layout: 'anchor_link', anchor: 'about', title: 'About' },
          { acf_fc_layout: 'text_row', title: 'About us' },
        ]}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Questions' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'On this page' });
    expect([...nav.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['#faq', '#about']);
    const order = [...container.querySelectorAll('h1, nav, #faq, #about')].map((el) => el.id || el.tagName);
    expect(order).toEqual(['H1', 'NAV', 'faq', 'about']);
  });

  it('shows no anchor menu without markers', () => {
    renderInRouter(<BlockList blocks={[{ acf_fc_layout: 'text_row', title: 'Plain' }]} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('a block that throws renders nothing; the others stay', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    registerBlock('broken_layout', () => {
      throw new Error('boom');
    });
    renderInRouter(<BlockList blocks={[{ acf_fc_layout: 'broken_layout' }, { acf_fc_layout: 'text_row', title: 'Still here' }]} />);
    expect(screen.getByRole('heading', { name: 'Still here' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('content block broken_layout failed', expect.any(Error));
    error.mockRestore();
  });

  it('on-demand blocks wait until they come near the viewport', async () => {
    let notify: (entries: { isIntersecting: boolean }[]) => void = () => {};
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof notify, options: { rootMargin: string }) {
          notify = callback;
          expect(options.rootMargin).toBe('600px 0px');
        }
        observe = observe;
        disconnect() {}
      },
    );
    renderInRouter(<BlockList blocks={[{ acf_fc_layout: 'faq', title: 'Later', items: [{ question: 'Q?', answer: 'A.' }] }]} />);
    expect(observe).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { name: 'Later' })).toBeNull();
    act(() => notify([{ isIntersecting: true }]));
    expect(await screen.findByRole('heading', { name: 'Later' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});

describe('PromoTiles', () => {
  it('shows at most 4 promos, each linking to the first entry of its link list', () => {
    const promo = (n: number): Block => ({
      acf_fc_layout: 'promo',
      caption: `Promo ${n}`,
      text: 'Text',
      image: `/media/p${n}.jpg`,
      link: [{ acf_fc_layout: 'internal', internal: `https://halvard.gg/wp/category/c${n}/` }],
    });
    renderInRouter(<PromoTiles promos={[1, 2, 3, 4, 5].map(promo)} />);
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(4);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/c1', '/c2', '/c3', '/c4']);
    expect(screen.queryByText('Promo 5')).not.toBeInTheDocument();
  });
});

describe('BlockList priority image', () => {
  const image = (name: string) => ({ url: `/media/${name}.svg`, width: 1600, height: 700, alt: name });
  const loading = (container: HTMLElement) =>
    [...container.querySelectorAll('img')].map((img) => [img.getAttribute('alt') || img.getAttribute('src'), img.getAttribute('loading'), img.getAttribute('fetchpriority')]);

  it('makes the first image-bearing block eager with fetchpriority high, even a quick_info after a text-only hero', () => {
    const { container } = renderInRouter(
      <BlockList
        blocks={[
          { acf_fc_layout: 'hero', title: 'Words only' },
          { acf_fc_layout: 'quick_info', title: 'Odin 75', image: image('odin'), image_placement: 'right' },
          { acf_fc_layout: 'quick_info', title: 'Freya', image: image('freya'), image_placement: 'left' },
          { acf_fc_layout: 'hero_image', title: 'Later', image: image('later') },
        ]}
      />,
    );
    expect(loading(container)).toEqual([
      ['odin', 'eager', 'high'],
      ['freya', 'lazy', null],
      ['later', 'lazy', null],
    ]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Words only'); // h1 stays with index 0
  });

  it('keeps a first hero image the priority one and makes a quick_info after it lazy', () => {
    const { container } = renderInRouter(
      <BlockList
        blocks={[
          { acf_fc_layout: 'hero_image', title: 'Top', image: image('top') },
          { acf_fc_layout: 'quick_info', title: 'Odin 75', image: image('odin') },
        ]}
      />,
    );
    expect(loading(container)).toEqual([
      ['top', 'eager', 'high'],
      ['/media/odin.svg', 'lazy', null], // a background quick_info image is decoration: empty alt
    ]);
  });

  it("a quick_info video's thumbnail is the priority image when the block comes first", () => {
    const { container } = renderInRouter(<BlockList blocks={[{ acf_fc_layout: 'quick_info', title: 'Watch', video: 'https://youtu.be/dQw4w9WgXcQ' }]} />);
    const thumbnail = container.querySelector('img')!;
    expect(thumbnail.getAttribute('src')).toContain('i.ytimg.com');
    expect([thumbnail.getAttribute('loading'), thumbnail.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
  });

  it('gives no priority image to a list after the page start, or when told so', () => {
    const blocks = [{ acf_fc_layout: 'quick_info', title: 'Odin 75', image: image('odin'), image_placement: 'top' }];
    const later = renderInRouter(<BlockList blocks={blocks} startIndex={5} />);
    expect(loading(later.container)).toEqual([['odin', 'lazy', null]]);
    later.unmount();
    const told = renderInRouter(<BlockList blocks={blocks} imagePriority={false} />);
    expect(loading(told.container)).toEqual([['odin', 'lazy', null]]);
    told.unmount();
    const allowed = renderInRouter(<BlockList blocks={blocks} startIndex={1} imagePriority />);
    expect(loading(allowed.container)).toEqual([['odin', 'eager', 'high']]);
  });

  it('promo tiles after the content stay lazy', () => {
    const { container } = renderInRouter(<PromoTiles promos={[{ acf_fc_layout: 'promo', caption: 'One', image: image('p1') }]} />);
    expect(container.querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(container.querySelector('img')).not.toHaveAttribute('fetchpriority');
  });
});

