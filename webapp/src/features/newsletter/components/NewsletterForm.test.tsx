import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NewsletterPayload, SubscribeResult } from '../types';
import { NewsletterForm } from './NewsletterForm';
import { NewsletterSignup } from './NewsletterSignup';

function controlledSend() {
  let settle: (result: SubscribeResult) => void = () => {};
  let answer: Promise<SubscribeResult> | undefined;
  const send = vi.fn((_payload: NewsletterPayload) => {
    answer = new Promise<SubscribeResult>((resolve) => {
      settle = resolve;
    });
    return answer;
  });
  /** Answers the last send and waits, inside act, until the form has handled the answer. */
  const answerWith = (result: SubscribeResult) =>
    act(async () => {
      settle(result);
      await answer;
    });
  return { send, settle: answerWith };
}

const email = () => screen.getByRole('textbox', { name: 'Email address' });
const box = () => screen.getByRole('checkbox', { name: /privacy policy/ });
const signUp = () => screen.getByRole('button', { name: /Sign up|Signing up/ });

describe('NewsletterForm', () => {
  it('ignores a submission without the privacy-policy box and points at the box', async () => {
    const user = userEvent.setup();
    const { send } = controlledSend();
    render(<NewsletterForm source="footer" inputId="nl" send={send} />);
    await user.type(email(), 'ada@example.com');
    await user.click(signUp());
    expect(send).not.toHaveBeenCalled();
    expect(box()).toHaveFocus();
    expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument();
    await user.clear(email());
    await user.type(email(), 'nope{Enter}');
    expect(send).not.toHaveBeenCalled();
    expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument();
  });

  it("shows 'Please enter a valid email' for a bad address once the box is ticked", async () => {
    const user = userEvent.setup();
    const { send } = controlledSend();
    render(<NewsletterForm source="footer" inputId="nl" send={send} />);
    await user.type(email(), 'ada@example');
    await user.click(box());
    await user.click(signUp());
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends {email, tags, source} once and thanks the visitor', async () => {
    const user = userEvent.setup();
    const { send, settle } = controlledSend();
    render(<NewsletterForm source="modal" inputId="nl" tags={['keyboards']} send={send} />);
    await user.type(email(), ' ada@example.com ');
    await user.click(box());
    await user.click(signUp());
    expect(signUp()).toBeDisabled();
    await user.click(signUp());
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ email: 'ada@example.com', tags: ['keyboards'], source: 'modal' });
    await settle('sent');
    expect(screen.getByRole('status')).toHaveTextContent('Thanks for signing up!');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("shows 'Something went wrong, please try again later' on a server failure and can send again", async () => {
    const user = userEvent.setup();
    const { send, settle } = controlledSend();
    render(<NewsletterForm source="footer" inputId="nl" send={send} />);
    await user.type(email(), 'ada@example.com');
    await user.click(box());
    await user.click(signUp());
    await settle('failed');
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong, please try again later');
    await user.click(signUp());
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('links the privacy policy', () => {
    render(<NewsletterForm source="footer" inputId="nl" send={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy-policy');
  });
});

describe('NewsletterSignup (footer) against POST /api/newsletter', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the input id the header's Newsletter button focuses", () => {
    render(<NewsletterSignup />);
    expect(email()).toHaveAttribute('id', 'newsletter-email');
    expect(screen.getByRole('heading', { name: 'Newsletter' })).toBeInTheDocument();
  });

  it.each([
    [200, { subscribed: true }, /Thanks for signing up!/],
    [422, { code: 'invalid_newsletter', fields: { email: 'Please enter a valid email' } }, /^Please enter a valid email$/],
    [500, {}, /^Something went wrong, please try again later$/],
    [429, { code: 'rate_limited' }, /^Something went wrong, please try again later$/],
  ])('an answer %i shows the right state', async (status, body, text) => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<NewsletterSignup />);
    await user.type(email(), 'ada@example.com');
    await user.click(box());
    await user.click(signUp());
    await waitFor(() => expect(screen.getByText(text)).toBeInTheDocument());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/newsletter');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'ada@example.com', tags: ['storefront'], source: 'footer' });
  });
});
