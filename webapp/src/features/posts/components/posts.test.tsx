import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import type { WpPost } from '@/types/api';
import { getPosts } from '../api/getPosts';
import { PostArticle } from './PostArticle';
import { PostList } from './PostList';
import { fixture, type DeepPartial } from '@/test/apiFixtures';

const post = (over: DeepPartial<WpPost>): WpPost => fixture<WpPost>({
  id: 1,
  slug: 'odin-75-wireless-is-here',
  date: '2023-03-05T10:00:00',
  title: { rendered: 'Odin 75 Wireless is <em>here</em>' },
  content: { rendered: '<p>After 18 months of prototypes.</p><script>window.hacked = true</script>' },
  excerpt: { rendered: '<p>Our first tri-mode keyboard <img src=x onerror="window.hacked=true">ships today.</p>' },
  categories: [23],
  ...over,
});

function inRouter(node: ReactNode) {
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element: node }])} />);
}

describe('PostList', () => {
  it('lists each post with its date, a title linking to /{postSlug} and the sanitised excerpt', () => {
    inRouter(<PostList title="News" posts={[post({}), post({ id: 2, slug: 'later', date: '2025-12-31T08:00:00', title: { rendered: 'Later' } })]} />);
    const list = screen.getByRole('list', { name: 'News' });
    const [first, second] = within(list).getAllByRole('article');
    expect(within(first).getByRole('heading', { level: 2 })).toHaveTextContent('Odin 75 Wireless is here');
    expect(within(first).getByRole('link', { name: 'Odin 75 Wireless is here' })).toHaveAttribute('href', '/odin-75-wireless-is-here');
    expect(within(first).getByText('5 March, 2023')).toHaveAttribute('datetime', '2023-03-05T10:00:00');
    expect(first).toHaveTextContent('Our first tri-mode keyboard ships today.');
    expect(first.querySelector('img[onerror]')).toBeNull();
    expect(within(first).getByRole('link', { name: 'Read more: Odin 75 Wireless is here' })).toHaveAttribute('href', '/odin-75-wireless-is-here');
    expect(within(second).getByText('31 December, 2025')).toBeInTheDocument();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('says so when a category has no posts', () => {
    inRouter(<PostList title="Press" posts={[]} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Press' })).toBeInTheDocument();
    expect(screen.getByText('Nothing here yet. Check back soon.')).toBeInTheDocument();
  });
});

describe('PostArticle', () => {
  it("shows the date like '5 March, 2023', the title and the sanitised content, and links to all news", () => {
    inRouter(<PostArticle post={post({})} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Odin 75 Wireless is here');
    expect(screen.getByText('5 March, 2023').tagName).toBe('TIME');
    expect(screen.getByText('After 18 months of prototypes.')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByRole('link', { name: 'View all news' })).toHaveAttribute('href', '/news');
  });

  it('links press releases (category 22) to /press', () => {
    inRouter(<PostArticle post={post({ categories: [22], date: '2024-11-21T00:00:00' })} />);
    expect(screen.getByText('21 November, 2024')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all press releases' })).toHaveAttribute('href', '/press');
  });
});

describe('getPosts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for one category, 100 per page (docs/spec.md section 7), and gives [] on failure', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify([post({})]), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    expect(await getPosts(23)).toHaveLength(1);
    expect(fetchMock.mock.calls[0]).toContain('/api/wp/posts?category=23&per_page=100');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('x', { status: 500 }))));
    expect(await getPosts(22)).toEqual([]);
  });
});
