import { fireEvent, screen, within } from '@testing-library/react';
import { Gallery } from './Gallery';
import { GalleryGrid } from './GalleryGrid';
import { Faq } from './Faq';
import { Hero } from './Hero';
import { REVIEWS_PER_SLIDE, Reviews } from './Reviews';
import { renderInRouter } from './testing';
import { Videos } from './Videos';

const review = (n: number, extra: Record<string, unknown> = {}) => ({
  video: '',
  award_image: null,
  publisher: `Publisher ${n}`,
  language: 'en',
  description: `"Quote ${n}"`,
  url: `https://review${n}.example/`,
  ...extra,
});

describe('Reviews', () => {
  it('shows 6 tiles per slide', async () => {
    expect(REVIEWS_PER_SLIDE).toBe(6);
    renderInRouter(<Reviews index={5} block={{ acf_fc_layout: 'reviews', title: 'What the press says', items: Array.from({ length: 8 }, (_, i) => review(i + 1)) }} />);
    const carousel = await screen.findByRole('region', { name: 'What the press says' });
    const slides = within(carousel).getAllByRole('group');
    expect(slides).toHaveLength(2);
    expect(within(slides[0]).getAllByRole('article')).toHaveLength(6);
    expect(within(slides[1]).getAllByRole('article')).toHaveLength(2);
    expect(carousel).toHaveTextContent('Slide 1 of 2');
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(carousel).toHaveTextContent('Slide 2 of 2');
  });

  it('tiles carry the award image, a video, the quote in its language, the publisher and a link', async () => {
    renderInRouter(
      <Reviews
        index={5}
        block={{
          acf_fc_layout: 'reviews',
          items: [
            review(1, { language: 'sv', video: 'https://www.youtube.com/watch?v=hV0d1n75kbX', award_image: { src: '/media/a.svg', alt: 'Gold award', width: 400, height: 400 } }),
            review(2, { language: 'not a language!', video: 'https://www.youtube.com/watch?v=tooShort' }),
          ],
        }}
      />,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Reviews' })).toBeInTheDocument();
    const [first, second] = screen.getAllByRole('article');
    expect(within(first).getByRole('img', { name: 'Gold award' })).toHaveAttribute('width', '400');
    expect(within(first).getByRole('button', { name: 'Play video: Publisher 1 review' })).toBeInTheDocument();
    expect(first.querySelector('blockquote')).toHaveAttribute('lang', 'sv');
    expect(within(first).getByRole('link', { name: 'Read the review by Publisher 1' })).toHaveAttribute('href', 'https://review1.example/');
    expect(within(second).queryByRole('button')).toBeNull();
    expect(second.querySelector('blockquote')).not.toHaveAttribute('lang');
  });
});

describe('Videos', () => {
  it('renders only links with an 11-character id, with provider thumbnails; plays on click', async () => {
    renderInRouter(
      <Videos
        index={6}
        block={{
          acf_fc_layout: 'videos',
          title: 'Watch',
          items: [
            { url: 'https://www.youtube.com/watch?v=hV0d1n75kbX', title: 'Sound test' },
            { url: 'https://youtu.be/Vq3LpPro54g', title: 'In 60 seconds' },
            { url: 'https://www.youtube.com/watch?v=tooShort', title: 'Broken' },
            { url: 'https://vimeo.com/123', title: 'Elsewhere' },
          ],
        }}
      />,
    );
    const carousel = await screen.findByRole('region', { name: 'Watch' });
    expect(within(carousel).getAllByRole('group')).toHaveLength(2);
    expect(carousel).toHaveTextContent('Slide 1 of 2');
    expect(screen.queryByText('Broken')).toBeNull();
    const play = screen.getByRole('button', { name: 'Play video: Sound test' });
    expect(play.querySelector('img')).toHaveAttribute('src', 'https://i.ytimg.com/vi/hV0d1n75kbX/hqdefault.jpg');
    expect(play.querySelector('img')).toHaveAttribute('width', '480');
    fireEvent.click(play);
    const frame = screen.getByTitle('Sound test');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/hV0d1n75kbX?autoplay=1&rel=0');
    // Moving on stops it: the player unloads and the poster is back.
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(screen.queryByTitle('Sound test')).toBeNull();
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    expect(screen.getByRole('button', { name: 'Play video: Sound test' })).toBeInTheDocument();
  });

  it('renders nothing when no link has an id', async () => {
    const { container } = renderInRouter(
      <>
        <p>ready</p>
        <Videos index={6} block={{ acf_fc_layout: 'videos', items: [{ url: 'https://youtu.be/short' }] }} />
      </>,
    );
    await screen.findByText('ready');
    expect(container.querySelector('section')).toBeNull();
  });
});

describe('Gallery', () => {
  it('is a scroll3d carousel that wraps, images with width and height', async () => {
    renderInRouter(
      <Gallery
        index={7}
        block={{
          acf_fc_layout: 'gallery',
          title: 'Setups',
          images: [
            { src: '/media/g1.svg', alt: 'One', width: 1600, height: 700 },
            { image: { src: '/media/g2.svg', alt: 'Two' }, caption: 'Second setup' },
            '/media/g3.svg',
          ],
        }}
      />,
    );
    const carousel = await screen.findByRole('region', { name: 'Setups' });
    expect(carousel).toHaveAttribute('data-effect', 'scroll3d');
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    expect(carousel).toHaveTextContent('Slide 3 of 3');
    expect(screen.getByText('Second setup')).toBeInTheDocument();
    for (const img of carousel.querySelectorAll('img')) {
      expect(img).toHaveAttribute('width');
      expect(img).toHaveAttribute('height');
      expect(img).toHaveAttribute('loading', 'lazy');
    }
  });
});

describe('GalleryGrid, Faq and Hero', () => {
  it('gallery_grid tiles link in-app', async () => {
    renderInRouter(
      <GalleryGrid
        index={8}
        block={{
          acf_fc_layout: 'gallery_grid',
          title: 'Shop by category',
          items: [
            { image: { src: '/media/k.svg', alt: 'Keyboards', width: 800, height: 800 }, title: 'Keyboards', link: [{ acf_fc_layout: 'internal', internal: 'https://halvard.gg/wp/category/keyboards/' }] },
            { title: 'Soon' },
          ],
        }}
      />,
    );
    expect(await screen.findByRole('link', { name: 'Keyboards' })).toHaveAttribute('href', '/keyboards');
    expect(screen.getByText('Soon').closest('a')).toBeNull();
  });

  it('faq questions open to sanitised answers', async () => {
    const { container } = renderInRouter(
      <Faq index={9} block={{ acf_fc_layout: 'faq', items: [{ question: 'How fast?', answer: '<p>2-4 days</p><img src=x onerror="alert(1)">' }, { question: '', answer: 'skipped' }] }} />,
    );
    expect(await screen.findByRole('heading', { name: 'Frequently asked questions' })).toBeInTheDocument();
    const details = container.querySelectorAll('details');
    expect(details).toHaveLength(1);
    expect(details[0].querySelector('summary')).toHaveTextContent('How fast?');
    expect(details[0]).toHaveTextContent('2-4 days');
    expect(container.innerHTML).not.toContain('onerror');
  });

  it('hero: h1 when first, colours checked, link with its text, its image the priority one when so marked', async () => {
    const { container } = renderInRouter(
      <Hero
        index={0}
        priority
        block={{
          acf_fc_layout: 'hero',
          title: 'About HALVARD',
          text: '<p>Since 2019.</p>',
          image: { src: '/media/about.svg', alt: 'Studio', width: 1600, height: 700 },
          link: [{ acf_fc_layout: 'internal', internal: 'https://halvard.gg/wp/contact/' }],
          link_text: 'Get in touch',
          text_color: '#eef0f5',
          background_color: 'url(x)',
          text_alignment: 'center',
        }}
      />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'About HALVARD' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get in touch' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('img', { name: 'Studio' })).toHaveAttribute('loading', 'eager');
    expect(screen.getByRole('img', { name: 'Studio' })).toHaveAttribute('fetchpriority', 'high');
    const section = container.querySelector('section')!;
    expect(section.style.color).toBe('rgb(238, 240, 245)');
    expect(section.style.backgroundColor).toBe('');
    expect(section).toHaveAttribute('data-align', 'center');
  });
});
