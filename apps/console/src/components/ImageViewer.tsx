import './ImageViewer.css';
import { useCallback, useEffect, useReducer, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthorizedImage } from '../lib/api/useAuthorizedImage';
import { ErrorState, Loading } from './States';
import { INITIAL_VIEW, MAX_SCALE, MIN_SCALE, rotationFit, viewerReducer, viewerTransform } from './imageViewerState';

interface Props {
  /** The api path of the image (fetched with the operator's token). */
  path: string;
  label: string;
  testId?: string;
}

/**
 * A document photo a reviewer can read: zoom (buttons, wheel, pinch), quarter turns, drag when zoomed, reset.
 * The image is fetched once when the viewer mounts.
 */
export function ImageViewer({ path, label, testId }: Props) {
  const { t, i18n } = useTranslation('consoleKyc');
  const { image, retry } = useAuthorizedImage(path);
  const [view, dispatch] = useReducer(viewerReducer, INITIAL_VIEW);
  const frameRef = useRef<HTMLDivElement>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  const [fit, setFit] = useState(1);
  const ready = image.status === 'ready';

  const measure = useCallback(() => {
    const frame = frameRef.current;
    const img = imgRef.current;
    if (!frame || !img) return;
    setFit(rotationFit(view.rotation, { width: img.offsetWidth, height: img.offsetHeight }, { width: frame.clientWidth, height: frame.clientHeight }));
  }, [view.rotation]);
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, ready]);

  useWheelZoom(frameRef, ready, (factor) => dispatch({ type: 'zoomBy', factor }));
  const pointers = usePointerGestures((action) => dispatch(action));
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(view.scale);

  return (
    <figure className="viewer" data-testid={testId} data-state={image.status} data-rotation={view.rotation} data-scale={view.scale}>
      <figcaption className="viewer-head">
        <span className="viewer-label">{label}</span>
        <span className="viewer-tools" role="toolbar" aria-label={t('viewer.tools', { label })}>
          <ToolButton
            name="zoom-out"
            glyph="−"
            label={t('viewer.zoomOut')}
            disabled={!ready || view.scale <= MIN_SCALE}
            onClick={() => dispatch({ type: 'zoomOut' })}
          />
          <span className="viewer-zoom num" aria-live="polite" data-testid="viewer-zoom">
            {percent}
          </span>
          <ToolButton
            name="zoom-in"
            glyph="+"
            label={t('viewer.zoomIn')}
            disabled={!ready || view.scale >= MAX_SCALE}
            onClick={() => dispatch({ type: 'zoomIn' })}
          />
          <ToolButton name="rotate-left" glyph="↺" label={t('viewer.rotateLeft')} disabled={!ready} onClick={() => dispatch({ type: 'rotateLeft' })} />
          <ToolButton name="rotate-right" glyph="↻" label={t('viewer.rotateRight')} disabled={!ready} onClick={() => dispatch({ type: 'rotateRight' })} />
          <ToolButton
            name="reset"
            glyph={t('viewer.reset')}
            label={t('viewer.resetLong')}
            disabled={!ready || view === INITIAL_VIEW}
            onClick={() => dispatch({ type: 'reset' })}
          />
        </span>
      </figcaption>
      <div
        ref={frameRef}
        className={`viewer-frame${view.scale > 1 ? ' zoomed' : ''}`}
        onPointerDown={pointers.down}
        onPointerMove={pointers.move}
        onPointerUp={pointers.up}
        onPointerCancel={pointers.up}
        onDoubleClick={() => dispatch(view.scale > 1 ? { type: 'reset' } : { type: 'zoomBy', factor: 2 })}
      >
        {image.status === 'loading' ? (
          <Loading label={t('viewer.loading')} />
        ) : image.status === 'error' ? (
          <ErrorState error={image.error} onRetry={retry} />
        ) : (
          <img ref={imgRef} src={image.url} alt={label} draggable={false} onLoad={measure} style={{ transform: viewerTransform(view, fit) }} />
        )}
      </div>
    </figure>
  );
}

function ToolButton({ name, glyph, label, disabled, onClick }: { name: string; glyph: string; label: string; disabled: boolean; onClick(): void }) {
  return (
    <button type="button" className="btn btn-small viewer-btn" data-action={name} aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      <span aria-hidden="true">{glyph}</span>
    </button>
  );
}

/** The wheel zooms the image instead of scrolling the page; React's onWheel is passive, so the listener is added here. */
function useWheelZoom(frameRef: React.RefObject<HTMLDivElement | null>, active: boolean, zoomBy: (factor: number) => void) {
  const zoomRef = useRef(zoomBy);
  zoomRef.current = zoomBy;
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || !active) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      zoomRef.current(Math.exp(-Math.max(-100, Math.min(100, e.deltaY)) * 0.002));
    };
    frame.addEventListener('wheel', onWheel, { passive: false });
    return () => frame.removeEventListener('wheel', onWheel);
  }, [frameRef, active]);
}

type GestureAction = { type: 'pan'; dx: number; dy: number } | { type: 'zoomBy'; factor: number };

/** One pointer drags, two pinch; works for mouse, pen and touch alike. */
function usePointerGestures(dispatch: (a: GestureAction) => void) {
  const points = useRef(new Map<number, { x: number; y: number }>());
  const distance = () => {
    const [a, b] = [...points.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  return {
    down(e: ReactPointerEvent<HTMLDivElement>) {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      e.currentTarget.setPointerCapture(e.pointerId);
      points.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    },
    move(e: ReactPointerEvent<HTMLDivElement>) {
      const last = points.current.get(e.pointerId);
      if (!last) return;
      const before = distance();
      points.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (points.current.size >= 2) {
        const after = distance();
        if (before > 0 && after > 0) dispatch({ type: 'zoomBy', factor: after / before });
      } else {
        dispatch({ type: 'pan', dx: e.clientX - last.x, dy: e.clientY - last.y });
      }
    },
    up(e: ReactPointerEvent<HTMLDivElement>) {
      points.current.delete(e.pointerId);
    },
  };
}
