/** The Candor mark: a rising line on a blue tile. */
export function BrandMark({ size = 48, tone = 'solid' }: { size?: number; tone?: 'solid' | 'glass' }) {
  return (
    <svg className="brand-mark" viewBox="0 0 48 48" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="14" fill={tone === 'solid' ? '#1150C2' : 'rgba(255,255,255,.16)'} />
      <path d="M12 31l8-10 6 6 10-13" stroke="#fff" strokeWidth="3.6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
