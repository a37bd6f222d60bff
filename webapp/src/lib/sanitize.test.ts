import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('drops scripts and event handlers but keeps markup', () => {
    const clean = sanitizeHtml('<p onclick="alert(1)">Hi <b>there</b></p><script>alert(1)</script><img src="x" onerror="alert(2)">');
    expect(clean).not.toContain('<script');
    expect(clean).not.toContain('onclick');
    expect(clean).not.toContain('onerror');
    expect(clean).toContain('<b>there</b>');
  });

  it('drops javascript: links', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).not.toContain('javascript:');
  });

  it('adds rel=noopener to target=_blank links', () => {
    expect(sanitizeHtml('<a href="https://x.org" target="_blank">x</a>')).toContain('rel="noopener noreferrer"');
  });
});
