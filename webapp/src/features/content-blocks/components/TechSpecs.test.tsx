import { screen } from '@testing-library/react';
import { TechSpecs } from './TechSpecs';
import { renderInRouter } from './testing';

describe('TechSpecs', () => {
  it('shows labels and values; markdown links become links, PDFs Read PDF and Download PDF', async () => {
    renderInRouter(
      <TechSpecs
        index={4}
        block={{
          acf_fc_layout: 'tech_specs',
          title: 'Odin 75 specifications',
          image: { src: '/media/content/odin.svg', alt: 'Exploded view', width: 800, height: 800 },
          items: [
            { label: 'Layout', value: '75%, 82 keys' },
            { label: 'Datasheet', value: '[Datasheet](https://halvard.gg/wp/uploads/odin75-datasheet.pdf)' },
            { label: 'Switch guide', value: '[Which switch is right for me?](https://halvard.gg/wp/category/keyboard-switches/)' },
            { label: 'Partner', value: '[Rtings](https://www.rtings.com/)' },
          ],
        }}
      />,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Odin 75 specifications' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Exploded view' })).toHaveAttribute('height', '800');
    expect(screen.getByText('Layout').nextElementSibling).toHaveTextContent('75%, 82 keys');
    const read = screen.getByRole('link', { name: 'Read PDF: Datasheet' });
    expect(read).toHaveTextContent('Read PDF');
    expect(read).toHaveAttribute('href', 'https://halvard.gg/wp/uploads/odin75-datasheet.pdf');
    expect(read).toHaveAttribute('target', '_blank');
    const download = screen.getByRole('link', { name: 'Download PDF: Datasheet' });
    expect(download).toHaveTextContent('Download PDF');
    expect(download).toHaveAttribute('download');
    expect(screen.queryByText('Datasheet', { selector: 'a' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Which switch is right for me?' })).toHaveAttribute('href', '/keyboard-switches');
    const external = screen.getByRole('link', { name: 'Rtings' });
    expect(external).toHaveAttribute('href', 'https://www.rtings.com/');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('renders nothing without items', async () => {
    const { container } = renderInRouter(
      <>
        <p>ready</p>
        <TechSpecs index={4} block={{ acf_fc_layout: 'tech_specs', title: 'Empty', items: [] }} />
      </>,
    );
    await screen.findByText('ready');
    expect(container.querySelector('section')).toBeNull();
  });
});
