import { useEffect, useReducer, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ContentBanner } from '@candor/contracts';
import { carouselReducer, initialCarousel } from './carousel';
import { contentLinkTo } from './links';
import { mediaSrc, mediaSrcSet } from './media';
import styles from './carousel.module.css';

/** How long a banner shows before the next one, while the carousel still turns by itself. */
export const CAROUSEL_INTERVAL_MS = 5000;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Home's banners: one at a time, swiped with a finger or chosen with the dots; each opens its article or
 * route. It turns by itself every 5 s until the reader touches, swipes, focuses or chooses (then never again
 * on this visit), and not at all for a reader who prefers reduced motion.
 */
export function BannerCarousel({ banners }: { banners: ContentBanner[] }) {
  const { t } = useTranslation('content');
  const [state, dispatch] = useReducer(carouselReducer, banners.length, initialCarousel);
  const touchX = useRef<number | null>(null);
  const root = useRef<HTMLElement>(null);

  useEffect(() => dispatch({ type: 'count', count: banners.length }), [banners.length]);
  useEffect(() => {
    if (!state.auto || prefersReducedMotion()) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') dispatch({ type: 'tick' });
    }, CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [state.auto]);

  if (banners.length === 0) return null;
  return (
    <section
      ref={root}
      className={styles.carousel}
      aria-roledescription={t('home.carousel')}
      aria-label={t('home.banners')}
      data-testid="banner-carousel"
      data-index={state.index}
      data-auto={state.auto && !prefersReducedMotion() ? 'true' : 'false'}
      onTouchStart={(e) => {
        touchX.current = e.touches[0]?.clientX ?? null;
        dispatch({ type: 'touch' });
      }}
      onTouchEnd={(e) => {
        const start = touchX.current;
        touchX.current = null;
        const end = e.changedTouches[0]?.clientX;
        if (start !== null && end !== undefined) dispatch({ type: 'swipe', dx: end - start, width: root.current?.clientWidth ?? 375 });
      }}
      onFocus={() => dispatch({ type: 'touch' })}
      onMouseEnter={() => dispatch({ type: 'touch' })}
    >
      <div className={styles.track} style={{ transform: `translateX(${-100 * state.index}%)` }}>
        {banners.map((b, i) => (
          <Link
            key={b.id}
            to={contentLinkTo(b.link)}
            className={styles.slide}
            aria-label={t('home.bannerOf', { n: i + 1, count: banners.length, title: b.title })}
            aria-hidden={i === state.index ? undefined : true}
            tabIndex={i === state.index ? undefined : -1}
            data-testid="banner"
            draggable={false}
          >
            {b.imageUrl ? (
              <img
                className={styles.slideImage}
                src={mediaSrc(b.imageUrl, 720)}
                srcSet={mediaSrcSet(b.imageUrl)}
                sizes="(max-width: 480px) 100vw, 480px"
                alt=""
                // The first banner is what a visitor sees first; the others wait until they are near.
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding="async"
                draggable={false}
              />
            ) : (
              <span className={styles.slidePlain} />
            )}
            <span className={styles.slideTitle}>{b.title}</span>
          </Link>
        ))}
      </div>
      {banners.length > 1 ? (
        <div className={styles.dots}>
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              className={styles.dot}
              aria-label={t('home.showBanner', { n: i + 1 })}
              aria-current={i === state.index ? 'true' : undefined}
              onClick={() => dispatch({ type: 'go', index: i })}
              data-testid="banner-dot"
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
