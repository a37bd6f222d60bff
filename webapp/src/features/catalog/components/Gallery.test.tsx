import { fireEvent, render, screen } from '@testing-library/react';
import { Gallery } from './Gallery';

const images = [1, 2, 3].map((i) => ({ src: `/media/p-${i}.svg`, alt: `View ${i}`, width: 800, height: 800 }));

describe('product gallery', () => {
  it('shows thumbnails and a pager (the pager shows on small screens), both moving to an image', () => {
    render(<Gallery images={images} name="Odin 75" />);
    expect(screen.getByRole('group', { name: 'Odin 75 images' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show image 3 of 3' }));
    expect(screen.getByRole('button', { name: 'Show image 3 of 3' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Image 3 of 3' })).toHaveAttribute('aria-current', 'true');
    // Only the current slide is exposed; the others are aria-hidden.
    expect(screen.getByRole('img', { name: 'View 3' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'View 1' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Image 1 of 3' }));
    expect(screen.getByRole('img', { name: 'View 1' })).toBeInTheDocument();
  });

  it('sets width and height on every image and loads only the first eagerly', () => {
    const { container } = render(<Gallery images={images} name="Odin 75" />);
    const slides = [...container.querySelectorAll('[aria-roledescription="slide"] img')];
    expect(slides.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    for (const img of container.querySelectorAll('img')) {
      expect(img).toHaveAttribute('width');
      expect(img).toHaveAttribute('height');
    }
  });

  it('goes back to the first image when the images change (a variation was picked)', () => {
    const { rerender } = render(<Gallery images={images} name="Odin 75" />);
    fireEvent.click(screen.getByRole('button', { name: 'Show image 2 of 3' }));
    rerender(<Gallery images={[{ src: '/media/p-red.svg', alt: 'Red', width: 800, height: 800 }, ...images]} name="Odin 75" />);
    expect(screen.getByRole('button', { name: 'Show image 1 of 4' })).toHaveAttribute('aria-current', 'true');
  });
});
