/**
 * The banner carousel's state: which slide shows, and whether it still turns by itself. Any touch, swipe or
 * chosen slide stops the turning for good (the reader has taken over); a reader who prefers reduced motion
 * never gets it (the component does not start the timer).
 */
export interface CarouselState {
  index: number;
  count: number;
  auto: boolean;
}

export type CarouselAction =
  { type: 'tick' } | { type: 'touch' } | { type: 'swipe'; dx: number; width: number } | { type: 'go'; index: number } | { type: 'count'; count: number };

/** A swipe turns the slide once it went this share of the width (or 48 px on a narrow one). */
const SWIPE_SHARE = 0.18;
const SWIPE_MIN_PX = 48;

export function initialCarousel(count: number): CarouselState {
  return { index: 0, count, auto: count > 1 };
}

const wrap = (i: number, count: number) => (count === 0 ? 0 : ((i % count) + count) % count);

export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  switch (action.type) {
    case 'tick':
      return state.auto && state.count > 1 ? { ...state, index: wrap(state.index + 1, state.count) } : state;
    case 'touch':
      return state.auto ? { ...state, auto: false } : state;
    case 'swipe': {
      const threshold = Math.min(SWIPE_MIN_PX, action.width * SWIPE_SHARE);
      if (Math.abs(action.dx) < threshold) return { ...state, auto: false };
      return { ...state, auto: false, index: wrap(state.index + (action.dx < 0 ? 1 : -1), state.count) };
    }
    case 'go':
      return { ...state, auto: false, index: wrap(action.index, state.count) };
    case 'count':
      return action.count === state.count
        ? state
        : { index: Math.min(state.index, Math.max(0, action.count - 1)), count: action.count, auto: state.auto && action.count > 1 };
  }
}
