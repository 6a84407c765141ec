/**
 * A short vibration where the device offers one (Android browsers; iOS Safari has no Vibration API):
 * felt confirmation of an order and of its result, always shown on screen too.
 */
export type Haptic = 'placed' | 'refused' | 'win' | 'loss' | 'tie';

export const HAPTIC_PATTERNS: Record<Haptic, number | number[]> = {
  placed: 30,
  refused: [20, 60, 20],
  win: [40, 60, 40],
  loss: 120,
  tie: 50,
};

export function haptic(kind: Haptic): void {
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(HAPTIC_PATTERNS[kind]);
  } catch {
    // a browser may refuse (no user gesture yet, a frame without permission): the screen says it anyway
  }
}
