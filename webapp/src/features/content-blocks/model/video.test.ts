import { videoEmbedUrl, videoFile, videoId, videoThumbnail } from './video';

describe('videoId (docs/spec.md section 2: only links with an 11-character id render)', () => {
  it.each([
    ['https://www.youtube.com/watch?v=hV0d1n75kbX', 'hV0d1n75kbX'],
    ['https://youtube.com/watch?feature=share&v=Vq3LpPro54g&t=30', 'Vq3LpPro54g'],
    ['https://youtu.be/Vq3LpPro54g', 'Vq3LpPro54g'],
    ['https://youtu.be/Vq3LpPro54g?t=12', 'Vq3LpPro54g'],
    ['https://www.youtube.com/embed/BrG1pRoW70h', 'BrG1pRoW70h'],
    ['https://www.youtube-nocookie.com/embed/BrG1pRoW70h?rel=0', 'BrG1pRoW70h'],
    ['https://www.youtube.com/shorts/Sk4d1Erg0Wx', 'Sk4d1Erg0Wx'],
    ['https://m.youtube.com/watch?v=a_b-c_d-e_f', 'a_b-c_d-e_f'],
    ['www.youtube.com/watch?v=hV0d1n75kbX', 'hV0d1n75kbX'],
    ['hV0d1n75kbX', 'hV0d1n75kbX'],
  ])('%s -> %s', (url, id) => {
    expect(videoId(url)).toBe(id);
  });

  it.each([
    'https://www.youtube.com/watch?v=tooShort',
    'https://www.youtube.com/watch?v=hV0d1n75kbXX',
    'https://youtu.be/',
    'https://vimeo.com/123456789',
    'https://evil.example/watch?v=hV0d1n75kbX',
    'https://www.youtube.com/watch?v=hV0d1n7<kbX',
    '',
    null,
    42,
  ])('%s -> null', (url) => {
    expect(videoId(url)).toBeNull();
  });

  it('thumbnails come from the provider image host; playback from the privacy-enhanced host', () => {
    expect(videoThumbnail('hV0d1n75kbX')).toBe('https://i.ytimg.com/vi/hV0d1n75kbX/hqdefault.jpg');
    expect(videoEmbedUrl('hV0d1n75kbX')).toBe('https://www.youtube-nocookie.com/embed/hV0d1n75kbX?autoplay=1&rel=0');
  });

  it('recognises direct video files', () => {
    expect(videoFile('/media/loop.mp4')).toBe('/media/loop.mp4');
    expect(videoFile('https://cdn.example/a.webm?x=1')).toBe('https://cdn.example/a.webm?x=1');
    expect(videoFile('javascript:alert(1)//.mp4')).toBeNull();
    expect(videoFile('https://youtu.be/Vq3LpPro54g')).toBeNull();
  });
});
