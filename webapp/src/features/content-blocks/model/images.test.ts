import { bearsImage, firstImageBlock, hasImageBlock } from './images';

const img = { url: '/media/x.svg', width: 10, height: 10 };

describe('bearsImage', () => {
  it('is true for blocks that show an image or a video where they stand', () => {
    expect(bearsImage({ acf_fc_layout: 'hero', image: img })).toBe(true);
    expect(bearsImage({ acf_fc_layout: 'hero', video: '/media/loop.mp4' })).toBe(true);
    expect(bearsImage({ acf_fc_layout: 'hero_image', image: '/media/h.jpg' })).toBe(true);
    expect(bearsImage({ acf_fc_layout: 'quick_info', image: img })).toBe(true);
    expect(bearsImage({ acf_fc_layout: 'quick_info', video: 'https://youtu.be/dQw4w9WgXcQ' })).toBe(true);
    expect(bearsImage({ acf_fc_layout: 'promo', image: img })).toBe(true);
    expect(bearsImage({ acf_fc_layout: 'tech_specs', image: img })).toBe(true);
    expect(bearsImage({ acf_fc_layout: 'gallery', images: [] })).toBe(true);
    expect(bearsImage({ acf_fc_layout: 'related_products', product_ids: [1] })).toBe(true);
  });

  it('is false for text blocks, image blocks without an image, and junk', () => {
    expect(bearsImage({ acf_fc_layout: 'hero', title: 'Text only' })).toBe(false);
    expect(bearsImage({ acf_fc_layout: 'quick_info', title: 'No media', video: 'https://example.com/not-a-video' })).toBe(false);
    expect(bearsImage({ acf_fc_layout: 'hero_image', image: '' })).toBe(false);
    expect(bearsImage({ acf_fc_layout: 'text_row', title: 'x' })).toBe(false);
    expect(bearsImage({ acf_fc_layout: 'info_box', items: [] })).toBe(false);
    expect(bearsImage({ acf_fc_layout: 'anchor_link', anchor: 'a' })).toBe(false);
    expect(bearsImage(null)).toBe(false);
    expect(bearsImage({ title: 'no layout' } as never)).toBe(false);
  });
});

describe('firstImageBlock and hasImageBlock', () => {
  it('find the first image-bearing block of a list', () => {
    const list = [{ acf_fc_layout: 'hero', title: 'T' }, { acf_fc_layout: 'text_row' }, { acf_fc_layout: 'quick_info', image: img }, { acf_fc_layout: 'hero_image', image: img }];
    expect(firstImageBlock(list)).toBe(2);
    expect(hasImageBlock(list)).toBe(true);
    expect(firstImageBlock([{ acf_fc_layout: 'text_row' }])).toBe(-1);
    expect(hasImageBlock(undefined)).toBe(false);
    expect(hasImageBlock(null)).toBe(false);
  });
});
