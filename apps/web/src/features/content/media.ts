import { API } from '../../lib/wire';

/** The widths `GET /api/media/:name?w=` makes (MEDIA_WIDTHS of @candor/contracts, whose module holds zod; content.spec.ts checks the copy). */
export const MEDIA_WIDTHS = [360, 720, 1080] as const;

const MEDIA_PREFIX = `/api${API.media}/`;

/** Whether `url` is one of our content images (resizable with `?w=`), not some other address. */
export function isMediaUrl(url: string): boolean {
  return url.startsWith(MEDIA_PREFIX) && !url.includes('?');
}

/** The image at `width` (the smallest made size at least that wide), or the URL itself when it is not ours. */
export function mediaSrc(url: string, width: number): string {
  if (!isMediaUrl(url)) return url;
  const w = MEDIA_WIDTHS.find((m) => m >= width) ?? MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1];
  return `${url}?w=${w}`;
}

/** `srcset` over every made width, so the browser picks by the screen's density and the image's shown size. */
export function mediaSrcSet(url: string): string | undefined {
  if (!isMediaUrl(url)) return undefined;
  return MEDIA_WIDTHS.map((w) => `${url}?w=${w} ${w}w`).join(', ');
}
