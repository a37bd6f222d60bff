import { isValidEmail } from './email';

describe('isValidEmail', () => {
  it('accepts ordinary addresses, trimmed', () => {
    for (const ok of ['ada@example.com', ' Ada.Lovelace+shop@mail.example.co.uk ', 'ü@münchen.de']) expect(isValidEmail(ok)).toBe(true);
  });

  it('refuses what is not one address with a dotted domain', () => {
    for (const bad of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada@example.', 'ada@.com', 'a b@example.com', 'ada@@example.com', 'ada@exa mple.com', `${'a'.repeat(250)}@x.de`]) {
      expect(isValidEmail(bad)).toBe(false);
    }
  });
});
