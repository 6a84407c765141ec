import { riseColour, type RiseColour } from '../../lib/riseColour';

/** Chart colours (canvas cannot read CSS variables): the green and red of a candle, and the chart's own. */
export const CHART_COLORS = {
  green: '#16a34a',
  red: '#e5484d',
  background: '#ffffff',
  text: '#8f97a8',
  grid: '#f1f3f6',
} as const;

/** A rising and a falling candle's colours in the reader's scheme (--c-rise / --c-fall in CSS). */
export function candleColours(rise: RiseColour): { up: string; down: string } {
  return rise === 'red' ? { up: CHART_COLORS.red, down: CHART_COLORS.green } : { up: CHART_COLORS.green, down: CHART_COLORS.red };
}

/**
 * The colour of a rising or falling order line in the reader's scheme, as the candles draw it: canvas
 * drawings cannot read the style sheet's --c-rise / --c-fall.
 */
export function trendColor(trend: 'up' | 'down'): string {
  return candleColours(riseColour())[trend];
}
