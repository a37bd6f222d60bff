import { parseInlineStyles, safeColor } from './styles';

describe('parseInlineStyles (quick_info image_styles)', () => {
  it('turns semicolon-separated CSS pairs into a style object', () => {
    expect(parseInlineStyles('object-fit: cover; border-radius: 8px')).toEqual({ objectFit: 'cover', borderRadius: '8px' });
    expect(parseInlineStyles(' max-height:400px ;; filter: drop-shadow(0 4px 12px rgba(0,0,0,.5)); ')).toEqual({
      maxHeight: '400px',
      filter: 'drop-shadow(0 4px 12px rgba(0,0,0,.5))',
    });
    expect(parseInlineStyles('opacity: 0.8 !important')).toEqual({ opacity: '0.8' });
  });

  it('drops properties outside the allow-list', () => {
    expect(parseInlineStyles('position: fixed; z-index: 99999; top: 0; border-radius: 4px')).toEqual({ borderRadius: '4px' });
    expect(parseInlineStyles('behavior: url(x.htc); -moz-binding: url(x)')).toEqual({});
  });

  it('drops values that could load or inject anything', () => {
    const unsafe = [
      'background-color: url(https://evil.example/x.png)',
      'width: expression(alert(1))',
      'filter: url(#svgfilter)',
      'transform: var(--x)',
      'width: 10px</style><script>alert(1)</script>',
      'border: 1px solid red } body { display: none',
      'width: "100px"',
      'object-position: \\75rl(x)',
      'width: calc(100% /* comment */)',
      'transform: rotate(10deg',
      'margin: javascript:alert(1)',
    ];
    expect(unsafe.map((v) => parseInlineStyles(v))).toEqual(unsafe.map(() => ({})));
  });

  it('a broken pair is dropped, the pairs beside it stay', () => {
    expect(parseInlineStyles('border: 1px solid red; } body { display: none')).toEqual({ border: '1px solid red' });
  });

  it('ignores anything that is not text, and pairs without a property', () => {
    expect(parseInlineStyles(undefined)).toEqual({});
    expect(parseInlineStyles(42)).toEqual({});
    expect(parseInlineStyles(': red; width')).toEqual({});
  });
});

describe('safeColor', () => {
  it('accepts hex, rgb(a), hsl(a) and keywords', () => {
    expect(safeColor('#15161a')).toBe('#15161a');
    expect(safeColor('rgba(0, 0, 0, .5)')).toBe('rgba(0, 0, 0, .5)');
    expect(safeColor('hsl(10 50% 50%)')).toBe('hsl(10 50% 50%)');
    expect(safeColor('transparent')).toBe('transparent');
  });

  it('falls back for anything else', () => {
    expect(safeColor('red; background: url(x)', 'transparent')).toBe('transparent');
    expect(safeColor('url(x)')).toBeUndefined();
    expect(safeColor('', 'transparent')).toBe('transparent');
    expect(safeColor(null, 'transparent')).toBe('transparent');
  });
});
