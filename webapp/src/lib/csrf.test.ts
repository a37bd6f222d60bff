import { csrfHeaders, csrfToken } from './csrf';

describe('csrf token', () => {
  it('reads the csrftoken cookie among others', () => {
    expect(csrfToken('a=1; csrftoken=IkFi.x-y_z; staff=2')).toBe('IkFi.x-y_z');
    expect(csrfHeaders('csrftoken=abc=')).toEqual({ 'X-CSRFToken': 'abc=' });
  });

  it('sends no header without the cookie', () => {
    expect(csrfToken('other=1; xcsrftoken=no')).toBeNull();
    expect(csrfHeaders('')).toEqual({});
  });
});
