import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type AlertDirection, type PriceAlert, type PriceAlertList } from '@candor/contracts';
import { api } from '../../lib/api';
import { marketKeys } from '../../lib/queryKeys';
import { useSession } from '../../lib/session';
import { useSocketEvent } from '../../lib/socket';

/**
 * The signed-in user's price alerts (GET /api/me/alerts: every product's, so the sheet can say how many are
 * active in all), asked again when a system message arrives (a fired alert is one). Nothing for a visitor.
 */
export function usePriceAlerts(enabled: boolean) {
  const { status } = useSession();
  const authed = status === 'authenticated';
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: marketKeys.alerts,
    queryFn: ({ signal }) => api.get<PriceAlertList>(API.priceAlerts, { signal }),
    enabled: authed && enabled,
  });
  useSocketEvent('message', () => {
    if (authed && enabled) void qc.invalidateQueries({ queryKey: marketKeys.alerts });
  });
  return { authed, query };
}

/** Sets an alert (POST /api/me/alerts) with the side the sheet showed: if the price moved past the level meanwhile, the server refuses it. */
export function useCreatePriceAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { symbol: string; level: string; direction: AlertDirection }) => api.post<PriceAlert>(API.priceAlerts, body),
    onSettled: () => void qc.invalidateQueries({ queryKey: marketKeys.alerts }),
  });
}

/** Removes one alert (DELETE /api/me/alerts/:id); the list drops it at once and gets it back if the server refuses. */
export function useRemovePriceAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.del(`${API.priceAlerts}/${encodeURIComponent(id)}`),
    onMutate: async (id) => {
      await qc.cancelQueries({ queryKey: marketKeys.alerts });
      const before = qc.getQueryData<PriceAlertList>(marketKeys.alerts);
      if (before) qc.setQueryData<PriceAlertList>(marketKeys.alerts, { ...before, items: before.items.filter((a) => a.id !== id) });
      return { before };
    },
    onError: (_e, _id, ctx) => {
      if (ctx?.before) qc.setQueryData(marketKeys.alerts, ctx.before);
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: marketKeys.alerts }),
  });
}
