import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { imageSrcSet, type HomepageHeader } from '../../../lib/content.ts';

/** WCAG 2.2.2 asks for a pause control; slower than 6 s leaves time to read each slide. */
export const SLIDE_INTERVAL_MS = 7000;

function prefersReducedMotion() {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

const controlClass =
  'inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-brand-900 shadow hover:bg-white';

/**
 * The home page's header slides (APG carousel pattern): previous, next and pause buttons with
 * labels, slides announced as "n dari m" while paused, no rotation with reduced motion. The first
 * image loads eagerly with high priority; the others when their slide first shows.
 *
 * All slides sit in the same grid cell, the hidden ones invisible, inert and aria-hidden, so the
 * carousel is as tall as its tallest slide: a slide with more text does not push the page below
 * it down when it comes round (a layout shift every 7 s otherwise).
 */
export function HeaderCarousel({ slides }: { slides: HomepageHeader[] }) {
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [focusInside, setFocusInside] = useState(false);
  /** The slides shown so far: only their images are in the page (and downloaded). */
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set([0]));
  const count = slides.length;
  const rotating = count > 1 && !paused && !focusInside;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setCurrent((i) => (i + 1) % count), SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [rotating, count]);

  const go = (step: number) => setCurrent((i) => (i + step + count) % count);
  const index = Math.min(current, count - 1);
  if (!shown.has(index)) setShown(new Set(shown).add(index));

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Sorotan desa"
      className="relative bg-brand-900"
      onFocus={() => setFocusInside(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null))
          setFocusInside(false);
      }}
    >
      <div aria-live={rotating ? 'off' : 'polite'} className="relative grid">
        {slides.map((slide, i) => {
          const image = slide.image_url;
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} dari ${count}`}
              aria-hidden={i !== index || undefined}
              inert={i !== index}
              className={`relative col-start-1 row-start-1 ${i === index ? '' : 'invisible'}`}
            >
              <div className="relative flex h-full min-h-[26rem] w-full flex-col justify-end overflow-hidden lg:min-h-[32rem]">
                {image && shown.has(i) && (
                  <img
                    src={image.thumb}
                    srcSet={imageSrcSet(image)}
                    sizes="100vw"
                    width={image.width}
                    height={image.height}
                    alt=""
                    loading={i === 0 ? 'eager' : 'lazy'}
                    fetchPriority={i === 0 ? 'high' : 'auto'}
                    decoding={i === 0 ? 'sync' : 'async'}
                    className="absolute inset-0 size-full object-cover"
                  />
                )}
                <div className="absolute inset-0 bg-gradient-to-t from-black/85 via-black/60 to-black/35" />
                <div className="relative mx-auto w-full max-w-7xl px-4 pb-20 pt-12 sm:px-6 sm:pb-24">
                  <h2 className="max-w-3xl text-2xl font-bold text-white sm:text-4xl lg:text-5xl">
                    {slide.title}
                  </h2>
                  {slide.subtitle && (
                    <p className="mt-3 max-w-2xl text-base text-white sm:text-lg">
                      {slide.subtitle}
                    </p>
                  )}
                  {slide.button_label && slide.button_link && (
                    <Link
                      to={slide.button_link}
                      className="mt-5 inline-flex min-h-11 items-center rounded-md bg-white px-4 font-semibold text-brand-900 hover:bg-brand-50"
                    >
                      {slide.button_label}
                    </Link>
                  )}
                </div>
              </div>
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className="absolute inset-x-0 bottom-4 mx-auto flex max-w-7xl items-center gap-2 px-4 sm:px-6">
          <button
            type="button"
            className={controlClass}
            onClick={() => setPaused((p) => !p)}
            aria-label={paused ? 'Putar slide otomatis' : 'Jeda slide otomatis'}
          >
            <span aria-hidden="true" className="text-lg leading-none">
              {paused ? '▶' : '❚❚'}
            </span>
          </button>
          <button
            type="button"
            className={controlClass}
            onClick={() => go(-1)}
            aria-label="Slide sebelumnya"
          >
            <span aria-hidden="true" className="text-2xl leading-none">
              ‹
            </span>
          </button>
          <button
            type="button"
            className={controlClass}
            onClick={() => go(1)}
            aria-label="Slide berikutnya"
          >
            <span aria-hidden="true" className="text-2xl leading-none">
              ›
            </span>
          </button>
          <p className="ml-2 rounded bg-black/60 px-2 py-1 text-sm font-semibold text-white">
            {index + 1} / {count}
          </p>
        </div>
      )}
    </section>
  );
}
