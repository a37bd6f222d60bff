import { cookieValue } from './cookies';

describe('cookieValue', () => {
  it('finds a cookie among others, keeping "=" inside its value', () => {
    expect(cookieValue('staff_hint', 'a=1; staff_hint=1; csrftoken=x')).toBe('1');
    expect(cookieValue('csrftoken', 'csrftoken=abc=')).toBe('abc=');
  });

  it('is null for a missing, empty or only similarly named cookie', () => {
    expect(cookieValue('staff_hint', '')).toBeNull();
    expect(cookieValue('staff_hint', 'staff_hint=')).toBeNull();
    expect(cookieValue('staff_hint', 'xstaff_hint=1; staff_hints=1')).toBeNull();
  });

  it('reads document.cookie by default', () => {
    document.cookie = 'staff_hint=1; path=/';
    expect(cookieValue('staff_hint')).toBe('1');
    document.cookie = 'staff_hint=; path=/; max-age=0';
    expect(cookieValue('staff_hint')).toBeNull();
  });
});
