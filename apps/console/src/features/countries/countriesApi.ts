import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedCountries, BlockedCountriesBody } from '@candor/contracts';
import { API, request } from '../../lib/api/client';

const key = ['admin-blocked-countries'] as const;

export function useBlockedCountries() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => request<BlockedCountries>(API.adminBlockedCountries, { signal }) });
}

/** The server audits every change: the audit list is asked again too. */
export function useSaveBlockedCountries() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BlockedCountriesBody) => request<BlockedCountries>(API.adminBlockedCountries, { method: 'PUT', body }),
    onSuccess: (data) => {
      qc.setQueryData(key, data);
      void qc.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

/** Codes as typed ("us, kp jp") -> each once, upper case, sorted; and those that are not two letters. */
export function parseCodes(text: string): { codes: string[]; bad: string[] } {
  const parts = text
    .split(/[\s,;、，]+/)
    .map((p) => p.trim().toUpperCase())
    .filter(Boolean);
  const bad = parts.filter((p) => !/^[A-Z]{2}$/.test(p));
  return { codes: [...new Set(parts.filter((p) => /^[A-Z]{2}$/.test(p)))].sort(), bad };
}
