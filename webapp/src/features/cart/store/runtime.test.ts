import { backoffDelay, newCartToken, uuid4 } from './runtime';

describe('runtime', () => {
  it('makes cart tokens of 32 random bytes, base64url (43 chars)', () => {
    const a = newCartToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newCartToken()).not.toBe(a);
  });

  it('makes version 4 uuids', () => {
    expect(uuid4()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('backs off exponentially up to the maximum, with jitter between 50 and 100 %', () => {
    const deps = { backoff: { baseMs: 1000, maxMs: 30_000 }, random: () => 1 };
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(deps, n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(backoffDelay({ ...deps, random: () => 0 }, 3)).toBe(2000);
  });
});
