import type { ContactState } from '../types';
import { contactReducer, initialContactState, TEXTS, TOPIC, toPayload, validateContact } from './contactMachine';

const filled = { orderNumber: '4711', name: 'Ada', email: 'ada@example.com', message: 'Where is my keyboard?' };
const run = (state: ContactState, ...events: Parameters<typeof contactReducer>[1][]) => events.reduce(contactReducer, state);

describe('contact texts (docs/spec.md sections 2, 5, 8)', () => {
  it('are spelled exactly as the spec has them', () => {
    expect(TEXTS.invalidEmail).toBe('Please provide a valid email adress');
    expect(TEXTS.emptyMessage).toBe('Please write something');
    expect(TEXTS.sent).toBe("Thanks, we'll get back to you as soon as we can!");
    expect(TEXTS.sendAnother).toBe('Send another one');
    expect(TEXTS.failed('shop.example')).toBe('Something went wrong, please try again later or send an email to support[at]shop.example');
    expect(TEXTS.tryAgain).toBe('Try again');
    expect(TOPIC).toBe('Online Store – Questions about our store and your shipment');
  });
});

describe('validateContact (docs/spec.md section 5)', () => {
  it('wants a valid email and a message; the order number is optional but numeric', () => {
    expect(validateContact(filled)).toEqual({});
    expect(validateContact({ ...filled, orderNumber: '' })).toEqual({});
    expect(validateContact({ orderNumber: '12a', name: '', email: 'ada@', message: '  \n ' })).toEqual({
      email: 'Please provide a valid email adress',
      message: 'Please write something',
      orderNumber: 'Please enter a numeric order number',
    });
  });
});

describe('contactReducer', () => {
  it('stays idle with the field messages when the form is invalid', () => {
    const state = run(initialContactState(), { type: 'submit' });
    expect(state.status).toBe('idle');
    expect(state.errors).toEqual({ email: TEXTS.invalidEmail, message: TEXTS.emptyMessage });
    expect(state.attempt).toBe(0);
  });

  it('editing a field clears its message only', () => {
    const state = run(initialContactState(), { type: 'submit' }, { type: 'edit', field: 'email', value: 'a' });
    expect(state.errors).toEqual({ message: TEXTS.emptyMessage });
    expect(state.values.email).toBe('a');
  });

  it('goes idle -> submitting -> sent for a valid form', () => {
    const submitting = run(initialContactState(filled), { type: 'submit' });
    expect(submitting).toMatchObject({ status: 'submitting', attempt: 1 });
    expect(run(submitting, { type: 'settled', result: { kind: 'sent' } }).status).toBe('sent');
  });

  it('blocks a second submit and any edit while submitting', () => {
    const submitting = run(initialContactState(filled), { type: 'submit' });
    expect(run(submitting, { type: 'submit' })).toBe(submitting);
    expect(run(submitting, { type: 'edit', field: 'message', value: 'changed' })).toBe(submitting);
  });

  it("'Send another one' keeps name and email and clears the message", () => {
    const sent = run(initialContactState(filled), { type: 'submit' }, { type: 'settled', result: { kind: 'sent' } });
    const again = run(sent, { type: 'sendAnother' });
    expect(again.status).toBe('idle');
    expect(again.values).toEqual({ orderNumber: '', name: 'Ada', email: 'ada@example.com', message: '' });
  });

  it("a server failure shows the error state; 'Try again' returns to the form with everything kept", () => {
    const failed = run(initialContactState(filled), { type: 'submit' }, { type: 'settled', result: { kind: 'failed' } });
    expect(failed.status).toBe('error');
    expect(run(failed, { type: 'submit' })).toBe(failed);
    const back = run(failed, { type: 'tryAgain' });
    expect(back.status).toBe('idle');
    expect(back.values).toEqual(filled);
    expect(run(back, { type: 'submit' })).toMatchObject({ status: 'submitting', attempt: 2 });
  });

  it("the server's field messages bring the form back to idle", () => {
    const state = run(
      initialContactState(filled),
      { type: 'submit' },
      { type: 'settled', result: { kind: 'invalid', errors: { email: TEXTS.invalidEmail } } },
    );
    expect(state).toMatchObject({ status: 'idle', errors: { email: TEXTS.invalidEmail }, values: filled });
  });

  it('ignores events that do not belong to the state', () => {
    const idle = initialContactState(filled);
    expect(run(idle, { type: 'settled', result: { kind: 'sent' } })).toBe(idle);
    expect(run(idle, { type: 'sendAnother' })).toBe(idle);
    expect(run(idle, { type: 'tryAgain' })).toBe(idle);
  });
});

describe('toPayload', () => {
  it('is the spec body with trimmed values and the fixed topic', () => {
    expect(toPayload({ orderNumber: ' 4711 ', name: ' Ada ', email: ' ada@example.com ', message: ' Hi \n' })).toEqual({
      email: 'ada@example.com',
      message: 'Hi',
      name: 'Ada',
      orderNumber: '4711',
      topic: 'Online Store – Questions about our store and your shipment',
    });
  });
});
