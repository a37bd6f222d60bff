import { act, render, screen } from '@testing-library/react';
import { BTN_FADE_INTERVAL_MS, BtnFade, btnFadeTexts } from './BtnFade';

const fields = { type: 'text', button: 'Add to cart', first: 'Free EU shipping', second: '30-day returns' };

describe('btnFadeTexts (acf.btn_fade)', () => {
  it('gives both texts while the buy button says the named label', () => {
    expect(btnFadeTexts(fields, 'Add to cart')).toEqual(['Free EU shipping', '30-day returns']);
  });
  it('gives nothing on another label, another type, or no texts', () => {
    expect(btnFadeTexts(fields, 'Coming Soon')).toBeNull();
    expect(btnFadeTexts(fields, 'Out of stock')).toBeNull();
    expect(btnFadeTexts({ ...fields, type: 'image' }, 'Add to cart')).toBeNull();
    expect(btnFadeTexts({ ...fields, first: ' ', second: null }, 'Add to cart')).toBeNull();
    expect(btnFadeTexts(null, 'Add to cart')).toBeNull();
    expect(btnFadeTexts('text', 'Add to cart')).toBeNull();
  });
  it('with no button named, goes with any label; one text alone is kept', () => {
    expect(btnFadeTexts({ first: 'Only one' }, 'Add to cart (pre-order)')).toEqual(['Only one']);
  });
});

describe('BtnFade', () => {
  afterEach(() => vi.useRealTimers());

  const shown = () =>
    Array.from(document.querySelectorAll('[data-shown="true"]')).map((el) => el.textContent);

  it('takes turns every interval and reads both texts to screen readers once', () => {
    vi.useFakeTimers();
    render(<BtnFade texts={['Free EU shipping', '30-day returns']} />);
    expect(shown()).toEqual(['Free EU shipping']);
    expect(screen.getByText('Free EU shipping. 30-day returns').className).toBe('visually-hidden');
    act(() => {
      vi.advanceTimersByTime(BTN_FADE_INTERVAL_MS - 1);
    });
    expect(shown()).toEqual(['Free EU shipping']);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(shown()).toEqual(['30-day returns']);
    act(() => {
      vi.advanceTimersByTime(BTN_FADE_INTERVAL_MS);
    });
    expect(shown()).toEqual(['Free EU shipping']);
  });

  it('stands still, both texts in one line, when the visitor asks for reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList);
    try {
      render(<BtnFade texts={['Free EU shipping', '30-day returns']} />);
      expect(screen.getByText('Free EU shipping · 30-day returns')).toBeTruthy();
      expect(screen.queryByTestId('btn-fade')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
