import { useState } from 'react';
import { avatarHue, avatarInitial } from './nickname';
import styles from './avatar.module.css';

/**
 * The user's avatar: the uploaded photo over the generated initial. The initial shows while the photo loads
 * and stays when it fails (a removed photo, no network), so the circle is never empty.
 */
export function Avatar({ userId, name, url }: { userId: string; name: string; url: string | null }) {
  return (
    <span className={styles.avatar} style={{ backgroundColor: `hsl(${avatarHue(userId)} 45% 38%)` }} data-testid="user-avatar">
      <span className={styles.initial} aria-hidden="true">
        {avatarInitial(name)}
      </span>
      {/* Keyed by the URL: a new photo starts loading afresh. */}
      {url ? <Photo key={url} url={url} /> : null}
    </span>
  );
}

function Photo({ url }: { url: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  if (state === 'failed') return null;
  return (
    <img
      className={state === 'loaded' ? styles.photo : `${styles.photo} ${styles.photoLoading}`}
      src={url}
      alt=""
      width={60}
      height={60}
      decoding="async"
      onLoad={() => setState('loaded')}
      onError={() => setState('failed')}
      data-testid="user-avatar-photo"
      data-state={state}
    />
  );
}
