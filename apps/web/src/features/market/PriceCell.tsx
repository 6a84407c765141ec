import { useRef } from 'react';
import { formatPrice, signOf } from './format';
import { nextFlash, type Flash } from '../../lib/priceState';
import styles from './market.module.css';

export interface PriceCellProps {
  price: string | null | undefined;
  /** Colours the text: the sign of the 24h change, in the reader's rise and fall colours (--c-rise / --c-fall). */
  change?: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /** Not a current price (halted, or no tick for a while): grey, without the trend colour or flashes. */
  muted?: boolean;
}

/**
 * A live price. Its colour follows the 24h change; each new price flashes the cell in the rise colour
 * (up-tick) or the fall colour (down-tick) for a moment, the same two colours as the text. With prefers-reduced-motion the flash is a static
 * tint that simply follows the last tick (see market.module.css).
 */
export function PriceCell({ price, change, size = 'md', className, muted = false }: PriceCellProps) {
  const last = useRef<Flash>({ price, n: 0 });
  // Worked out while rendering: set from an effect, which runs after the paint, each tick rendered, laid out
  // and painted the page a second time for the flash.
  const flash = (last.current = nextFlash(last.current, price));

  const trend = signOf(change);
  const cls = [
    styles.price,
    styles[`price_${size}`],
    muted ? styles.muted : trend > 0 ? styles.rise : trend < 0 ? styles.fall : '',
    flash.dir && !muted ? (flash.dir === 'up' ? styles.flashUp : styles.flashDown) : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  // The key restarts the CSS animation on every tick.
  return (
    <span
      key={flash.n}
      className={cls}
      data-testid="price"
      data-trend={muted ? undefined : trend > 0 ? 'rise' : trend < 0 ? 'fall' : 'flat'}
      data-direction={flash.dir}
      data-muted={muted || undefined}
    >
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
