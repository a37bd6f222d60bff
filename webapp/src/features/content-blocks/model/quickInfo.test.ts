import { imageMaxHeight, placementAt, quickInfoFields, QUICK_INFO } from './quickInfo';

describe('quick_info fields', () => {
  it('has the spec defaults: background placement, left text, transparent background', () => {
    const f = quickInfoFields({ acf_fc_layout: 'quick_info', title: 'T' });
    expect(f.placement).toBe('background');
    expect(f.textAlignment).toBe('left');
    expect(f.backgroundColor).toBe('transparent');
    expect(f.textColor).toBeUndefined();
    expect(f.imageStyle).toEqual({});
    expect(f.image).toBeNull();
    expect(QUICK_INFO.maxImageHeightPx).toBe(560);
  });

  it('reads every field and falls back on unknown values', () => {
    const f = quickInfoFields({
      acf_fc_layout: 'quick_info',
      title: 'Odin',
      text: '<p>x</p>',
      video: ' https://youtu.be/Vq3LpPro54g ',
      image: { src: '/media/a.svg', width: 1600, height: 700 },
      image_placement: 'Right',
      image_styles: 'border-radius: 8px; position: fixed',
      text_alignment: 'center',
      text_color: '#fff',
      background_color: '#15161a',
    });
    expect(f).toMatchObject({
      title: 'Odin',
      video: 'https://youtu.be/Vq3LpPro54g',
      placement: 'right',
      imageStyle: { borderRadius: '8px' },
      textAlignment: 'center',
      textColor: '#fff',
      backgroundColor: '#15161a',
    });
    expect(f.image).toEqual({ src: '/media/a.svg', alt: 'Odin', width: 1600, height: 700 });
    const odd = quickInfoFields({ acf_fc_layout: 'quick_info', image_placement: 'diagonal', text_alignment: 'middle', background_color: 'url(x)' });
    expect([odd.placement, odd.textAlignment, odd.backgroundColor]).toEqual(['background', 'left', 'transparent']);
  });

  it('left and right become top under 600 px', () => {
    expect(placementAt('left', 599)).toBe('top');
    expect(placementAt('right', 375)).toBe('top');
    expect(placementAt('left', 600)).toBe('left');
    expect(placementAt('right', 1280)).toBe('right');
    expect(placementAt('bottom', 375)).toBe('bottom');
    expect(placementAt('background', 375)).toBe('background');
  });

  it('image max height: half the window width for top and bottom, else 560', () => {
    expect(imageMaxHeight('top', 1280)).toBe(640);
    expect(imageMaxHeight('bottom', 375)).toBe(188);
    expect(imageMaxHeight('left', 1280)).toBe(560);
    expect(imageMaxHeight('right', 700)).toBe(560);
    expect(imageMaxHeight('background', 1280)).toBe(560);
  });
});
