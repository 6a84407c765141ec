import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminEarnSettings, EarnDashboard, EarnHoliday, EarnHolidayBody, EarnHolidaysImport, EarnSettingsBody } from '@candor/contracts';
import { API, request } from '../../lib/api/client';

export const earnKeys = {
  settings: ['admin-earn', 'settings'] as const,
  holidays: ['admin-earn', 'holidays'] as const,
  dashboard: ['admin-earn', 'dashboard'] as const,
};

export function useEarnSettings() {
  return useQuery({ queryKey: earnKeys.settings, queryFn: ({ signal }) => request<AdminEarnSettings>(API.adminEarnSettings, { signal }) });
}

export function useEarnHolidays() {
  return useQuery({ queryKey: earnKeys.holidays, queryFn: ({ signal }) => request<EarnHoliday[]>(API.adminEarnHolidays, { signal }) });
}

export function useEarnDashboard(enabled: boolean) {
  return useQuery({
    queryKey: earnKeys.dashboard,
    queryFn: ({ signal }) => request<EarnDashboard>(API.adminEarnDashboard, { signal }),
    enabled,
    refetchInterval: 60_000,
  });
}

/** Every change is audited by the server: the audit list is asked again too. */
function useEarnMutation<V, R>(fn: (v: V) => Promise<R>, keys: readonly (readonly string[])[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      for (const queryKey of [...keys, ['audit']]) void qc.invalidateQueries({ queryKey });
    },
  });
}

export const useUpdateEarnSettings = () =>
  useEarnMutation(
    (body: EarnSettingsBody) => request<AdminEarnSettings>(API.adminEarnSettings, { method: 'PUT', body }),
    [earnKeys.settings, earnKeys.dashboard],
  );

export const useAddHoliday = () =>
  useEarnMutation((body: EarnHolidayBody) => request<EarnHoliday>(API.adminEarnHolidays, { method: 'POST', body }), [earnKeys.holidays]);

export const useRemoveHoliday = () =>
  useEarnMutation((date: string) => request<void>(`${API.adminEarnHolidays}/${encodeURIComponent(date)}`, { method: 'DELETE' }), [earnKeys.holidays]);

export const useImportHolidays = () =>
  useEarnMutation(
    (holidays: EarnHolidayBody[]) => request<EarnHolidaysImport>(API.adminEarnHolidaysImport, { method: 'POST', body: { holidays } }),
    [earnKeys.holidays],
  );
