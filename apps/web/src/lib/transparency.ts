import { useQuery } from '@tanstack/react-query';
import type { TransparencyResponse } from '@candor/contracts';
import { API } from './wire';
import { api } from './api';
import { contentKeys } from './queryKeys';

/**
 * `GET /api/transparency` (no token): the figures the server's hourly job last computed. Shared by the
 * transparency page, the trade panel and registration, so they show one answer; kept 5 minutes.
 */
export function useTransparency() {
  return useQuery({
    queryKey: contentKeys.transparency,
    queryFn: ({ signal }) => api.get<TransparencyResponse>(API.transparency, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** A share or ratio (`"0.7412"`) as a percentage of the reader's locale (`74.12 %`), at most two decimals. */
export function formatShare(share: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(Number(share));
}

/** A computation time as the reader's locale writes a date and time. */
export function formatComputedAt(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
