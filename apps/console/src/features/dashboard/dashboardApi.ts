import { useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@candor/contracts';
import { API, request } from '../../lib/api/client';

export const dashboardKey = ['admin-dashboard'] as const;

/** `GET /api/admin/dashboard`, asked again every minute while the page is open. */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: ({ signal }) => request<AdminDashboard>(API.adminDashboard, { signal }),
    refetchInterval: 60_000,
  });
}
