import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { TabBar } from '../components';
import { STORAGE, readSession, writeSession } from '../lib/storage';
import { ScrollPositions, entryKey } from './scrollPositions';

/** Frames a restored position is tried again while the page grows to its height (about half a second). */
const RESTORE_FRAMES = 30;

/**
 * Back and forward return to where the reader was on that page; any other navigation starts at the top.
 * Positions are saved as the page scrolls (by the time a navigation renders, the next page may already
 * have shortened the document and moved the scroll), and kept in sessionStorage when the page is hidden.
 */
function ScrollRestoration() {
  const location = useLocation();
  const kind = useNavigationType();
  const [positions] = useState(() => new ScrollPositions(readSession<Record<string, number>>(STORAGE.scroll) ?? {}));
  const entry = entryKey(location);
  const current = useRef(entry);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        positions.remember(current.current, window.scrollY);
      });
    };
    const onHide = () => writeSession(STORAGE.scroll, positions);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onHide);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onHide);
    };
  }, [positions]);

  useLayoutEffect(() => {
    current.current = entry;
    const y = positions.target(entry, kind);
    window.scrollTo(0, y);
    if (y === 0) return;
    // The page may still be loading its chunk or data: try again while it is shorter than the position,
    // unless the reader scrolls first.
    let frames = 0;
    let handle = 0;
    const stop = () => cancelAnimationFrame(handle);
    const retry = () => {
      if (Math.abs(window.scrollY - y) <= 1 || ++frames > RESTORE_FRAMES) return;
      window.scrollTo(0, y);
      handle = requestAnimationFrame(retry);
    };
    handle = requestAnimationFrame(retry);
    window.addEventListener('wheel', stop, { passive: true, once: true });
    window.addEventListener('touchstart', stop, { passive: true, once: true });
    return () => {
      stop();
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
    };
  }, [entry, kind, positions]);

  return null;
}

/** Every page: a phone-width column centred on larger screens. */
export function AppFrame() {
  return (
    <div className="app">
      <Outlet />
      <ScrollRestoration />
    </div>
  );
}

/** The four tab pages share the bottom tab bar. */
export function TabLayout() {
  return (
    <div className="tab-layout">
      <div className="tab-layout__body">
        <Outlet />
      </div>
      <TabBar />
    </div>
  );
}
