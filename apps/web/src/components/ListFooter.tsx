import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

/**
 * The end of an infinite list: an observed sentinel that asks for the next page as it scrolls
 * into view, with a button for browsers without IntersectionObserver, and "no more" at the end.
 */
export function ListFooter({ hasNext, loading, onMore, endText }: { hasNext: boolean; loading: boolean; onMore: () => void; endText: string }) {
  const { t } = useTranslation('records');
  const ref = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  more.current = onMore;
  useEffect(() => {
    const el = ref.current;
    if (!el || !hasNext || loading || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) more.current();
      },
      { rootMargin: '200px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasNext, loading]);
  if (!hasNext) return <p className="list-footer__end">{endText}</p>;
  return (
    <div ref={ref} className="list-footer__more" data-testid="list-more">
      <Button variant="secondary" size="sm" loading={loading} onClick={onMore}>
        {t('list.more')}
      </Button>
    </div>
  );
}
