import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContactPayload, SendResult } from '../types';
import { ContactForm } from './ContactForm';
import { ContactPage } from './ContactPage';

/** A send whose answer the test decides, recording every call. */
function controlledSend() {
  const calls: ContactPayload[] = [];
  let settle: (result: SendResult) => void = () => {};
  let answer: Promise<SendResult> | undefined;
  const send = vi.fn((payload: ContactPayload) => {
    calls.push(payload);
    answer = new Promise<SendResult>((resolve) => {
      settle = resolve;
    });
    return answer;
  });
  /** Answers the last send and waits, inside act, until the form has handled the answer. */
  const answerWith = (result: SendResult) =>
    act(async () => {
      settle(result);
      await answer;
    });
  return { send, calls, settle: answerWith };
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<'Order number' | 'Name' | 'Email' | 'Message', string>>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(new RegExp(`^${label}`));
    await user.clear(field);
    if (value) await user.type(field, value);
  }
}

const COMPLETE = { 'Order number': '4711', Name: 'Ada', Email: 'ada@example.com', Message: 'Where is my keyboard?' } as const;

describe('ContactForm', () => {
  it('shows the spec texts under the fields and sends nothing when invalid', async () => {
    const user = userEvent.setup();
    const { send } = controlledSend();
    render(<ContactForm host="shop.example" send={send} />);
    await fill(user, { Email: 'ada@', 'Order number': 'A1' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Please provide a valid email adress')).toBeInTheDocument();
    expect(screen.getByText('Please write something')).toBeInTheDocument();
    expect(screen.getByText('Please enter a numeric order number')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Order number/)).toHaveFocus(); // the first bad field
    expect(send).not.toHaveBeenCalled();
  });

  it('has the fixed topic and sends the spec body once, however often Send is pressed', async () => {
    const user = userEvent.setup();
    const { send, calls, settle } = controlledSend();
    render(<ContactForm host="shop.example" send={send} />);
    expect(screen.getByLabelText('Topic')).toHaveValue('Online Store – Questions about our store and your shipment');
    await fill(user, COMPLETE);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const busy = screen.getByRole('button', { name: 'Sending…' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    screen.getByRole('form', { name: 'Contact form' }).dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(calls[0]).toEqual({
      email: 'ada@example.com',
      message: 'Where is my keyboard?',
      name: 'Ada',
      orderNumber: '4711',
      topic: 'Online Store – Questions about our store and your shipment',
    });
    await settle({ kind: 'sent' });
    expect(screen.getByRole('status')).toHaveTextContent("Thanks, we'll get back to you as soon as we can!");
    expect(screen.getByTestId('contact-sent')).toHaveFocus(); // the panel, read out with its button
  });

  it("'Send another one' brings back the form with name and email kept and the message cleared", async () => {
    const user = userEvent.setup();
    const { send, settle } = controlledSend();
    render(<ContactForm host="shop.example" send={send} />);
    await fill(user, COMPLETE);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await settle({ kind: 'sent' });
    await user.click(screen.getByRole('button', { name: 'Send another one' }));
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ada');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('');
    expect(screen.getByLabelText(/^Message/)).toHaveFocus();
    await user.type(screen.getByLabelText(/^Message/), 'One more thing');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("a server failure shows the support address of this host and 'Try again' returns to the filled form", async () => {
    const user = userEvent.setup();
    const { send, settle } = controlledSend();
    render(<ContactForm host="shop.example" send={send} />);
    await fill(user, COMPLETE);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await settle({ kind: 'failed' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Something went wrong, please try again later or send an email to support[at]shop.example',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByLabelText(/^Message/)).toHaveValue('Where is my keyboard?');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  });

  it("shows the server's field message when the server refuses a field", async () => {
    const user = userEvent.setup();
    const { send, settle } = controlledSend();
    render(<ContactForm host="shop.example" send={send} />);
    await fill(user, { ...COMPLETE, Email: 'ada..x@example.com' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await settle({ kind: 'invalid', errors: { email: 'Please provide a valid email adress' } });
    expect(screen.getByText('Please provide a valid email adress')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
  });

  it('uses the page host in the error text by default', async () => {
    const user = userEvent.setup();
    render(<ContactForm send={() => Promise.resolve({ kind: 'failed' })} />);
    await fill(user, COMPLETE);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`support[at]${window.location.hostname}`);
  });
});

describe('ContactForm against POST /api/mail', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [500, {}, /Something went wrong/],
    [429, { code: 'rate_limited' }, /Something went wrong/],
    [200, { sent: true }, /Thanks, we'll get back to you/],
  ])('answers %i lead to the right panel', async (status, body, text) => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<ContactForm host="shop.example" />);
    await fill(user, COMPLETE);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByText(text)).toBeInTheDocument());
    expect(fetch).toHaveBeenCalledWith('/api/mail', expect.objectContaining({ method: 'POST' }));
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(init.body as string)).toMatchObject({ email: 'ada@example.com', orderNumber: '4711' });
  });

  it('a 422 with field messages shows them next to the fields', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ code: 'invalid_contact', fields: { message: 'Please write something' } }), { status: 422 }))));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<ContactForm host="shop.example" />);
    await fill(user, COMPLETE);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please write something')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('ContactPage', () => {
  it("is headed 'Get In Touch' and shows the CMS intro sanitised", () => {
    render(<ContactPage introHtml={'<p>Write to us.</p><img src=x onerror="alert(1)"><script>alert(2)</script>'} host="shop.example" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Get In Touch' })).toBeInTheDocument();
    expect(screen.getByText('Write to us.')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
  });

  it('has an intro of its own without a CMS page', () => {
    render(<ContactPage host="shop.example" />);
    expect(screen.getByText(/Send us a message/)).toBeInTheDocument();
  });
});
