import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ShareModal, socialLinks } from './ShareModal';

const URL_26907 = 'http://localhost:3000/custom-keyboard-builder?d=0123456789abcdef0123';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An opener and the modal, as the configurator footer has them. */
function Page({ keys = ['case:case-black', 'switches:sw-red'] }: { keys?: string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Share
      </button>
      {open && <ShareModal productId={26907} keys={keys} onClose={() => setOpen(false)} />}
    </>
  );
}

describe('ShareModal', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(() => Promise.resolve(answer(200, { url: URL_26907, hash: '0123456789abcdef0123' })));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for the link with the product, the keys and this page origin as host, and shows it read-only', async () => {
    const user = userEvent.setup();
    let release: (r: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      release = resolve;
    });
    fetchMock.mockReturnValueOnce(pending);
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.getByRole('dialog', { name: 'Share' })).toBeInTheDocument();
    expect(screen.getByText('Creating your link…')).toBeInTheDocument();
    release(answer(200, { url: URL_26907, hash: '0123456789abcdef0123' }));
    const field = await screen.findByLabelText('Link to your build');
    expect(field).toHaveValue(URL_26907);
    expect(field).toHaveAttribute('readonly');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/get-share-url');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      configuration: { product_id: 26907, choices: ['case:case-black', 'switches:sw-red'] },
      host: window.location.origin,
    });
  });

  it('copies the link with the Clipboard API and says so politely', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    render(<Page />);
    // userEvent.setup installs its own clipboard; replace it after.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(URL_26907);
    const status = screen.getByText('Link copied');
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveAttribute('aria-live', 'polite');
  });

  it('falls back to selecting the text when the clipboard refuses', async () => {
    const user = userEvent.setup();
    render(<Page />);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(() => Promise.reject(new Error('denied'))) }, configurable: true });
    const execCommand = vi.fn(() => false);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    const field = screen.getByLabelText<HTMLInputElement>('Link to your build');
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, URL_26907.length]);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(await screen.findByText('The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.')).toBeInTheDocument();
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
  });

  it('offers plain social links that open in a new tab without an opener', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByLabelText('Link to your build');
    const encoded = encodeURIComponent(URL_26907);
    const expected: [RegExp, string][] = [
      [/Share on X/, `https://twitter.com/intent/tweet?url=${encoded}`],
      [/Share on Facebook/, `https://www.facebook.com/sharer/sharer.php?u=${encoded}`],
      [/Share on Reddit/, `https://www.reddit.com/submit?url=${encoded}`],
      [/Share on WhatsApp/, 'https://wa.me/?text='],
      [/Share by e-mail/, 'mailto:?subject='],
    ];
    for (const [name, start] of expected) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('href')?.startsWith(start)).toBe(true);
      expect(link.getAttribute('href')).toContain(encoded);
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    for (const link of screen.getAllByRole('link')) {
      if (link.getAttribute('href')?.startsWith('http')) expect(link).toHaveAttribute('target', '_blank');
    }
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('builds every social link from the encoded URL', () => {
    const links = socialLinks('https://shop.example/x?d=abc&y=1');
    expect(links.map((l) => l.name)).toEqual(['X', 'Facebook', 'Reddit', 'WhatsApp', 'E-mail']);
    for (const link of links) expect(link.href).toContain(encodeURIComponent('https://shop.example/x?d=abc&y=1'));
  });

  it('tells the shopper what went wrong and retries on request', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(answer(422, { code: 'invalid_configuration', message: 'Unknown choice: case:gold' }));
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This build contains options that are no longer offered. Change them and try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Link to your build')).toHaveValue(URL_26907);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('says the shop could not be reached when the request fails', async () => {
    const user = userEvent.setup();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the shop to create a link. Check your connection and try again.');
  });

  it('closes with Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Share' });
    await user.click(opener);
    await screen.findByLabelText('Link to your build');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('sits above the configurator modal (backdrop has its own class for z-index 99999)', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const backdrop = screen.getByRole('dialog').parentElement;
    expect(backdrop?.className.split(' ')).toHaveLength(2);
  });
});
