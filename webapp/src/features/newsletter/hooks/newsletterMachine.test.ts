import type { NewsletterEvent, NewsletterState } from '../types';
import { initialNewsletterState, newsletterReducer, TEXTS } from './newsletterMachine';

const run = (state: NewsletterState, ...events: NewsletterEvent[]) => events.reduce(newsletterReducer, state);
const ready = run(initialNewsletterState(), { type: 'edit', email: 'ada@example.com' }, { type: 'consent', checked: true });

describe('newsletter texts (docs/spec.md section 8)', () => {
  it('are spelled exactly as the spec has them', () => {
    expect(TEXTS.invalidEmail).toBe('Please enter a valid email');
    expect(TEXTS.failed).toBe('Something went wrong, please try again later');
  });
});

describe('newsletterReducer', () => {
  it('ignores a submission without the privacy-policy box, whatever the email', () => {
    const unticked = run(initialNewsletterState(), { type: 'edit', email: 'ada@example.com' });
    expect(run(unticked, { type: 'submit' })).toBe(unticked);
    const bad = run(initialNewsletterState(), { type: 'edit', email: 'nope' });
    expect(run(bad, { type: 'submit' })).toBe(bad);
  });

  it('an invalid email with the box ticked is the invalid state; editing returns to idle', () => {
    const invalid = run(initialNewsletterState(), { type: 'consent', checked: true }, { type: 'edit', email: 'ada@' }, { type: 'submit' });
    expect(invalid.status).toBe('invalid');
    expect(run(invalid, { type: 'edit', email: 'ada@example.com' }).status).toBe('idle');
  });

  it('goes submitting -> sent, and a second submit meanwhile is ignored', () => {
    const submitting = run(ready, { type: 'submit' });
    expect(submitting).toMatchObject({ status: 'submitting', attempt: 1 });
    expect(run(submitting, { type: 'submit' })).toBe(submitting);
    expect(run(submitting, { type: 'edit', email: 'x' })).toBe(submitting);
    expect(run(submitting, { type: 'consent', checked: false })).toBe(submitting);
    const sent = run(submitting, { type: 'settled', result: 'sent' });
    expect(sent.status).toBe('sent');
    expect(run(sent, { type: 'submit' })).toBe(sent);
  });

  it('a server failure is the error state, from which the visitor can submit again', () => {
    const failed = run(ready, { type: 'submit' }, { type: 'settled', result: 'failed' });
    expect(failed.status).toBe('error');
    expect(run(failed, { type: 'submit' })).toMatchObject({ status: 'submitting', attempt: 2 });
  });

  it("the server's refusal of the address is the invalid state", () => {
    expect(run(ready, { type: 'submit' }, { type: 'settled', result: 'invalid' }).status).toBe('invalid');
  });

  it('ignores an answer when nothing was sent', () => {
    expect(run(ready, { type: 'settled', result: 'sent' })).toBe(ready);
  });
});
