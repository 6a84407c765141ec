import { describe, expect, it } from '@jest/globals';
import { INITIAL_VIEW, MAX_SCALE, MIN_SCALE, rotationFit, viewerReducer, viewerTransform, type ViewerAction, type ViewerState } from './imageViewerState';

const run = (...actions: ViewerAction[]): ViewerState => actions.reduce(viewerReducer, INITIAL_VIEW);

describe('image viewer state', () => {
  it('zooms in and out in steps of 1.25, rounded to hundredths', () => {
    expect(run({ type: 'zoomIn' }).scale).toBe(1.25);
    expect(run({ type: 'zoomIn' }, { type: 'zoomIn' }).scale).toBe(1.56);
    expect(run({ type: 'zoomOut' }).scale).toBe(0.8);
    expect(run({ type: 'zoomIn' }, { type: 'zoomOut' }).scale).toBe(1);
  });

  it.each([
    ['far in', 100, MAX_SCALE],
    ['far out', 0.001, MIN_SCALE],
  ])('keeps the zoom within its bounds when asked %s', (_name, factor, expected) => {
    expect(run({ type: 'zoomBy', factor }).scale).toBe(expected);
  });

  it('ignores a wheel or pinch factor that is not a positive number', () => {
    for (const factor of [0, -2, Number.NaN, Number.POSITIVE_INFINITY]) expect(run({ type: 'zoomBy', factor })).toBe(INITIAL_VIEW);
  });

  it('turns in quarter steps both ways and wraps at a full turn', () => {
    expect(run({ type: 'rotateRight' }).rotation).toBe(90);
    expect(run({ type: 'rotateLeft' }).rotation).toBe(270);
    expect(run({ type: 'rotateRight' }, { type: 'rotateRight' }, { type: 'rotateRight' }, { type: 'rotateRight' }).rotation).toBe(0);
    expect(run({ type: 'rotateLeft' }, { type: 'rotateLeft' }).rotation).toBe(180);
  });

  it('drags only a zoomed image, and the offset follows the zoom', () => {
    expect(run({ type: 'pan', dx: 30, dy: 10 })).toEqual(INITIAL_VIEW);
    const dragged = run({ type: 'zoomBy', factor: 2 }, { type: 'pan', dx: 30, dy: -10 });
    expect(dragged).toEqual({ scale: 2, rotation: 0, x: 30, y: -10 });
    expect(viewerReducer(dragged, { type: 'zoomBy', factor: 2 })).toEqual({ scale: 4, rotation: 0, x: 60, y: -20 });
  });

  it('centres the image again once it is no larger than its frame', () => {
    const dragged = run({ type: 'zoomBy', factor: 2 }, { type: 'pan', dx: 50, dy: 40 });
    expect(viewerReducer(dragged, { type: 'zoomBy', factor: 0.5 })).toEqual({ scale: 1, rotation: 0, x: 0, y: 0 });
  });

  it('resets zoom, rotation and offset together', () => {
    expect(run({ type: 'zoomIn' }, { type: 'rotateRight' }, { type: 'pan', dx: 5, dy: 5 }, { type: 'reset' })).toEqual(INITIAL_VIEW);
  });
});

describe('rotationFit', () => {
  const frame = { width: 400, height: 300 };
  it('needs no shrinking upright or upside down', () => {
    expect(rotationFit(0, { width: 400, height: 250 }, frame)).toBe(1);
    expect(rotationFit(180, { width: 400, height: 250 }, frame)).toBe(1);
  });
  it('shrinks a wide image turned on its side to the frame height', () => {
    expect(rotationFit(90, { width: 400, height: 250 }, frame)).toBe(0.75);
    expect(rotationFit(270, { width: 400, height: 250 }, frame)).toBe(0.75);
  });
  it('never enlarges, and is 1 before the image has a size', () => {
    expect(rotationFit(90, { width: 100, height: 100 }, frame)).toBe(1);
    expect(rotationFit(90, { width: 0, height: 0 }, frame)).toBe(1);
  });
});

describe('viewerTransform', () => {
  it('writes the offset, the turn and the zoom times the fit', () => {
    expect(viewerTransform({ scale: 2, rotation: 90, x: 10.4, y: -3.6 }, 0.75)).toBe('translate(10px, -4px) rotate(90deg) scale(1.5)');
  });
});
