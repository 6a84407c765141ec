import { useQuery } from '@tanstack/react-query';
import { API, type AdminUserDetail } from '@candor/contracts';
import { request } from '../../lib/api/client';

export const userDetailKeys = {
  detail: (id: string) => ['admin-user-detail', id] as const,
};

/** One user as the console shows them (each read is audited for the user, at most once in 10 minutes). */
export function useUserDetail(id: string) {
  return useQuery({
    queryKey: userDetailKeys.detail(id),
    queryFn: ({ signal }) => request<AdminUserDetail>(`${API.adminUsers}/${encodeURIComponent(id)}`, { signal }),
  });
}
