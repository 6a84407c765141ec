/** What the image viewer shows: a zoom factor, a quarter-turn rotation and how far the zoomed image was dragged. */
export interface ViewerState {
  scale: number;
  rotation: 0 | 90 | 180 | 270;
  x: number;
  y: number;
}
export type ViewerAction =
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  /** A wheel notch or a pinch: multiply the zoom by `factor`. */
  | { type: 'zoomBy'; factor: number }
  | { type: 'rotateLeft' }
  | { type: 'rotateRight' }
  | { type: 'pan'; dx: number; dy: number }
  | { type: 'reset' };

export const INITIAL_VIEW: ViewerState = { scale: 1, rotation: 0, x: 0, y: 0 };
export const MIN_SCALE = 0.5;
export const MAX_SCALE = 6;
const STEP = 1.25;

const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round(s * 100) / 100));
const turn = (r: number): ViewerState['rotation'] => (((r % 360) + 360) % 360) as ViewerState['rotation'];

/** One rule for every control (buttons, wheel, pinch, drag); the image goes back to the centre whenever it is no larger than its frame. */
export function viewerReducer(state: ViewerState, action: ViewerAction): ViewerState {
  switch (action.type) {
    case 'zoomIn':
      return withScale(state, state.scale * STEP);
    case 'zoomOut':
      return withScale(state, state.scale / STEP);
    case 'zoomBy':
      return Number.isFinite(action.factor) && action.factor > 0 ? withScale(state, state.scale * action.factor) : state;
    case 'rotateLeft':
      return { ...state, rotation: turn(state.rotation - 90) };
    case 'rotateRight':
      return { ...state, rotation: turn(state.rotation + 90) };
    case 'pan':
      // Dragging only makes sense once the image is larger than its frame.
      return state.scale > 1 ? { ...state, x: state.x + action.dx, y: state.y + action.dy } : state;
    case 'reset':
      return INITIAL_VIEW;
  }
}

function withScale(state: ViewerState, wanted: number): ViewerState {
  const scale = clampScale(wanted);
  if (scale === state.scale) return state;
  if (scale <= 1) return { ...state, scale, x: 0, y: 0 };
  // Keep the same part of the image in view: the offset grows with the zoom.
  const k = scale / state.scale;
  return { ...state, scale, x: state.x * k, y: state.y * k };
}

/**
 * The extra factor that keeps a quarter-turned image inside its frame: the image is laid out to fit the frame
 * unturned (`image` is that laid-out size), and turned by 90 or 270 degrees its width and height swap.
 */
export function rotationFit(rotation: ViewerState['rotation'], image: { width: number; height: number }, frame: { width: number; height: number }): number {
  if (rotation === 0 || rotation === 180 || image.width <= 0 || image.height <= 0) return 1;
  return Math.min(1, frame.width / image.height, frame.height / image.width);
}

/** The CSS transform of the image for a state and its fit factor. */
export function viewerTransform(state: ViewerState, fit: number): string {
  return `translate(${Math.round(state.x)}px, ${Math.round(state.y)}px) rotate(${state.rotation}deg) scale(${Math.round(state.scale * fit * 1000) / 1000})`;
}
