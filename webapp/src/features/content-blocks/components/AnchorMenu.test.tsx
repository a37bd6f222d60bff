import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { resetStaffRole, useStaffRoleStore } from '@/lib/staffRole';
import { ContentBlocksProvider } from '../hooks/blockEnvironment';
import { AnchorMarker, AnchorMenu } from './AnchorMenu';

const anchors = [
  { id: 'specs', title: 'Specs' },
  { id: 'reviews', title: 'Reviews' },
];

function page(staffViewer?: boolean) {
  const ui = (
    <>
      <AnchorMenu anchors={anchors} />
      <AnchorMarker index={1} block={{ acf_fc_layout: 'anchor_link', anchor: 'specs', title: 'Specs' }} />
      <AnchorMarker index={2} block={{ acf_fc_layout: 'anchor_link', anchor: 'reviews', title: 'Reviews' }} />
    </>
  );
  return render(staffViewer === undefined ? ui : <ContentBlocksProvider staffViewer={staffViewer}>{ui}</ContentBlocksProvider>);
}

function placeMarker(id: string, top: number) {
  const marker = document.getElementById(id)!;
  marker.getBoundingClientRect = () => ({ top, bottom: top, left: 0, right: 0, width: 0, height: 0, x: 0, y: top, toJSON: () => ({}) });
  return marker;
}

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  scrollTo = vi.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 400 });
  resetStaffRole();
});
afterEach(() => {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

describe('AnchorMenu', () => {
  it('lists the markers; a click scrolls smoothly so the marker sits 130 px from the top, and focuses it', () => {
    page(false);
    expect(screen.getByRole('navigation', { name: 'On this page' })).toBeInTheDocument();
    const marker = placeMarker('reviews', 900);
    fireEvent.click(screen.getByRole('link', { name: 'Reviews' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 900 + 400 - 130, behavior: 'smooth' });
    expect(document.activeElement).toBe(marker);
    expect(screen.getByRole('link', { name: 'Reviews' })).toHaveAttribute('aria-current', 'location');
    expect(screen.getByRole('link', { name: 'Specs' })).toHaveAttribute('href', '#specs');
  });

  it('sits at 179 px for admin or reviewer viewers', () => {
    page(true);
    placeMarker('specs', 500);
    fireEvent.click(screen.getByRole('link', { name: 'Specs' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 500 + 400 - 179, behavior: 'smooth' });
  });

  it('sits at 179 px once the staff check finds an admin or reviewer', () => {
    page();
    expect(screen.getByRole('navigation')).not.toHaveAttribute('data-staff');
    act(() => useStaffRoleStore.getState().setCheckedRole('reviewer'));
    expect(screen.getByRole('navigation')).toHaveAttribute('data-staff', 'true');
    placeMarker('specs', 500);
    fireEvent.click(screen.getByRole('link', { name: 'Specs' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 721, behavior: 'smooth' });
  });

  it('follows the marker while blocks above it load, then puts it back exactly once scrolling ends', () => {
    const observers: ResizeObserverCallback[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {
          observers.splice(0);
        }
      },
    );
    const resized = () => observers.forEach((callback) => callback([], {} as ResizeObserver));
    page(false);
    placeMarker('specs', 900);
    fireEvent.click(screen.getByRole('link', { name: 'Specs' }));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 1170, behavior: 'smooth' });
    // Halfway down, a block 240 px high loads above the marker: the smooth scroll is re-aimed.
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 800 });
    placeMarker('specs', 500 + 240);
    resized();
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 1410, behavior: 'smooth' });
    // The scroll ends 1 px short (sub-pixel layout): it is put back exactly, instantly.
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 1409 });
    placeMarker('specs', 131);
    fireEvent(window, new Event('scrollend'));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 1410, behavior: 'auto' });
    // Later blocks still move it back; nothing is done while it is in place.
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 1410 });
    placeMarker('specs', 130);
    resized();
    expect(scrollTo).toHaveBeenCalledTimes(3);
    placeMarker('specs', 130 + 60);
    resized();
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 1470, behavior: 'auto' });
    // Once the visitor scrolls themselves, the page is theirs.
    fireEvent.wheel(window);
    placeMarker('specs', 400);
    resized();
    expect(scrollTo).toHaveBeenCalledTimes(4);
    vi.unstubAllGlobals();
  });

  it('respects a preference for reduced motion', () => {
    window.matchMedia = ((query: string) => ({ matches: query.includes('reduce'), media: query })) as unknown as typeof window.matchMedia;
    page(false);
    placeMarker('specs', 300);
    fireEvent.click(screen.getByRole('link', { name: 'Specs' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 570, behavior: 'auto' });
    delete (window as { matchMedia?: unknown }).matchMedia;
  });

  it('marks the section scrolled past as current', () => {
    page(false);
    placeMarker('specs', -300);
    placeMarker('reviews', 600);
    fireEvent.scroll(window);
    return waitFor(() => expect(screen.getByRole('link', { name: 'Specs' })).toHaveAttribute('aria-current', 'location'));
  });

  it('markers are focusable targets with safe ids', () => {
    const { container } = render(<AnchorMarker index={0} block={{ acf_fc_layout: 'anchor_link', anchor: '#My Section"', title: 'Mine' }} />);
    const marker = container.firstElementChild!;
    expect(marker).toHaveAttribute('id', 'My-Section');
    expect(marker).toHaveAttribute('tabindex', '-1');
  });
});
