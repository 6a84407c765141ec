import type { ContentLink, Office } from '@candor/contracts';
import { ROUTES } from '../../lib/paths';

/** Where a banner or highlight leads: its own article (`/pages/index/detail?id=`) or an in-app route. */
export function contentLinkTo(link: ContentLink): string {
  if (link.kind === 'detail') return `${ROUTES.indexDetail}?id=${encodeURIComponent(link.id)}`;
  // Only a path of this app: `//host` would be another site, anything else no route at all.
  return link.path.startsWith('/') && !link.path.startsWith('//') ? link.path : ROUTES.index;
}

/** A news article's page. */
export function articleRoute(id: string): string {
  return `${ROUTES.informationDetail}?id=${encodeURIComponent(id)}`;
}

/** An office's page. */
export function officeRoute(id: string): string {
  return `${ROUTES.openLocation}?id=${encodeURIComponent(id)}`;
}

/** Coordinates as a map wants them: at most 6 decimals (about 10 cm), no exponent. */
function coordinate(n: number): string {
  return String(Number(n.toFixed(6)));
}

/** RFC 5870 `geo:` URI, which phones open in their map app; `q` names the place for apps that search by it. */
export function geoUri(office: Pick<Office, 'latitude' | 'longitude' | 'address'>): string {
  const at = `${coordinate(office.latitude)},${coordinate(office.longitude)}`;
  return `geo:${at}?q=${encodeURIComponent(office.address)}`;
}

/** The office on openstreetmap.org, a marker at zoom 17: the map for a browser without a map app. */
export function webMapUrl(office: Pick<Office, 'latitude' | 'longitude'>): string {
  const lat = coordinate(office.latitude);
  const lon = coordinate(office.longitude);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

/** OpenStreetMap's embeddable map around the office (used only where the operator turned it on). */
export function osmEmbedUrl(office: Pick<Office, 'latitude' | 'longitude'>): string {
  const d = 0.004;
  const bbox = [office.longitude - d, office.latitude - d / 2, office.longitude + d, office.latitude + d / 2].map(coordinate).join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${coordinate(office.latitude)},${coordinate(office.longitude)}`;
}
