import { useEffect, useRef, useState } from 'react';
import { compareDecimal, isDecimal } from '@candor/domain';
import { formatPrice, signOf } from './format';
import styles from './market.module.css';

export interface PriceCellProps {
  price: string | null | undefined;
  /** Colours the text: the sign of the 24h change (rising green, falling red). */
  change?: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /** Not a current price (halted, or no tick for a while): grey, without the trend colour or flashes. */
  muted?: boolean;
}

/**
 * A live price. Its colour follows the 24h change; each new price flashes the cell green
 * (up-tick) or red (down-tick) for a moment. With prefers-reduced-motion the flash is a static
 * tint that simply follows the last tick (see market.module.css).
 */
export function PriceCell({ price, change, size = 'md', className, muted = false }: PriceCellProps) {
  const prev = useRef(price);
  const [flash, setFlash] = useState<{ dir: 'up' | 'down'; n: number } | null>(null);

  useEffect(() => {
    const before = prev.current;
    prev.current = price;
    if (!before || !price || before === price || !isDecimal(before) || !isDecimal(price)) return;
    const c = compareDecimal(price, before);
    if (c === 0) return;
    setFlash((f) => ({ dir: c > 0 ? 'up' : 'down', n: (f?.n ?? 0) + 1 }));
  }, [price]);

  const trend = signOf(change);
  const cls = [
    styles.price,
    styles[`price_${size}`],
    muted ? styles.muted : trend > 0 ? styles.rise : trend < 0 ? styles.fall : '',
    flash && !muted ? (flash.dir === 'up' ? styles.flashUp : styles.flashDown) : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  // The key restarts the CSS animation on every tick.
  return (
    <span key={flash?.n ?? 0} className={cls} data-testid="price" data-direction={flash?.dir} data-muted={muted || undefined}>
      {formatPrice(price)}
    </span>
  );
}

/** A 24h change percent, coloured by its sign. */
export function ChangeBadge({ text, change, solid = false }: { text: string; change: string | null | undefined; solid?: boolean }) {
  const s = signOf(change);
  const cls = [styles.change, solid ? styles.changeSolid : '', s > 0 ? styles.rise : s < 0 ? styles.fall : styles.flat].join(' ');
  return <span className={cls}>{text}</span>;
}
