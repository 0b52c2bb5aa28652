import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HomepageHeader } from '../../../lib/content.ts';
import { HeaderCarousel, SLIDE_INTERVAL_MS } from './header-carousel.tsx';

const image = (id: number) => ({
  original: `/files/${id}`,
  thumb: `/files/${id}/thumb`,
  width: 1600,
  height: 900,
  thumb_width: 480,
  thumb_height: 270,
});

const SLIDES: HomepageHeader[] = [1, 2, 3].map((id) => ({
  id,
  title: `Slide ${id}`,
  subtitle: null,
  image_url: image(id),
  button_label: null,
  button_link: null,
  active: true,
}));

function renderCarousel(slides = SLIDES) {
  const router = createMemoryRouter([{ path: '/', element: <HeaderCarousel slides={slides} /> }]);
  return render(<RouterProvider router={router} />);
}

const visibleTitle = () => screen.getByRole('heading', { level: 2 }).textContent;

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('header carousel', () => {
  it('steps with labelled previous and next buttons, wrapping around', async () => {
    mockReducedMotion(false);
    const user = userEvent.setup();
    renderCarousel();
    expect(screen.getByRole('region', { name: 'Sorotan desa' })).toBeInTheDocument();
    expect(visibleTitle()).toBe('Slide 1');
    await user.click(screen.getByRole('button', { name: 'Slide berikutnya' }));
    expect(visibleTitle()).toBe('Slide 2');
    await user.click(screen.getByRole('button', { name: 'Slide sebelumnya' }));
    await user.click(screen.getByRole('button', { name: 'Slide sebelumnya' }));
    expect(visibleTitle()).toBe('Slide 3');
    expect(screen.getByRole('group', { name: '3 dari 3' })).toBeVisible();
  });

  it('advances by itself no faster than every 6 s, and not after the pause button', async () => {
    mockReducedMotion(false);
    vi.useFakeTimers();
    renderCarousel();
    expect(SLIDE_INTERVAL_MS).toBeGreaterThanOrEqual(6000);
    act(() => vi.advanceTimersByTime(5999));
    expect(visibleTitle()).toBe('Slide 1');
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS - 5999));
    expect(visibleTitle()).toBe('Slide 2');

    act(() => screen.getByRole('button', { name: 'Jeda slide otomatis' }).click());
    expect(screen.getByRole('button', { name: 'Putar slide otomatis' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 3));
    expect(visibleTitle()).toBe('Slide 2');
  });

  it('starts paused when the visitor prefers reduced motion', () => {
    mockReducedMotion(true);
    vi.useFakeTimers();
    renderCarousel();
    expect(screen.getByRole('button', { name: 'Putar slide otomatis' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 2));
    expect(visibleTitle()).toBe('Slide 1');
  });

  it('loads the first image eagerly with high priority, each other one when its slide shows', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    const { container } = renderCarousel();
    const images = () => [...container.querySelectorAll('img')];
    expect(images().map((i) => i.getAttribute('loading'))).toEqual(['eager']);
    expect(images()[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images()[0]).toHaveAttribute('srcset', '/files/1/thumb 480w, /files/1 1600w');
    expect(images()[0]).toHaveAttribute('width', '1600');
    expect(images()[0]).toHaveAttribute('height', '900');
    await user.click(screen.getByRole('button', { name: 'Slide berikutnya' }));
    expect(images().map((i) => i.getAttribute('src'))).toEqual([
      '/files/1/thumb',
      '/files/2/thumb',
    ]);
    expect(images()[1]).toHaveAttribute('loading', 'lazy');
    // Back to the first: the second image stays, nothing is fetched twice.
    await user.click(screen.getByRole('button', { name: 'Slide sebelumnya' }));
    expect(images()).toHaveLength(2);
  });

  it('keeps every slide laid out, the hidden ones inert, so the height never changes', () => {
    mockReducedMotion(true);
    renderCarousel();
    const groups = screen.getAllByRole('group', { hidden: true });
    expect(groups).toHaveLength(3);
    expect(groups.map((g) => g.hasAttribute('hidden'))).toEqual([false, false, false]);
    expect(groups.map((g) => g.getAttribute('aria-hidden'))).toEqual([null, 'true', 'true']);
    expect(groups.map((g) => g.hasAttribute('inert'))).toEqual([false, true, true]);
  });

  it('shows no controls for a single slide', () => {
    mockReducedMotion(false);
    renderCarousel(SLIDES.slice(0, 1));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
