import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import type { Block } from '../types';
import { BlockList } from './BlockList';
import { PromoTiles } from './Promo';
import { registerBlock } from './registry';

function renderInRouter(ui: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  return render(<RouterProvider router={router} />);
}

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
    registerBlock('faq', ({ block }) => <p>FAQ: {String(block.question)}</p>);
    renderInRouter(<BlockList blocks={[{ acf_fc_layout: 'faq', question: 'Why?' }]} />);
    expect(screen.getByText('FAQ: Why?')).toBeInTheDocument();
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
