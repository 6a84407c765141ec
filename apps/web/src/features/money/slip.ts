import { useQueryClient } from '@tanstack/react-query';
import type { Deposit } from '@candor/contracts';
import { moneyKeys } from '../../lib/queryKeys';
import { useUpload } from '../../lib/useUpload';
import { API } from '../../lib/wire';

/** `/deposits/ID/slip` */
export const slipPath = (depositId: string): string => `${API.deposits}/${encodeURIComponent(depositId)}/slip`;

/** POST /api/deposits/:id/slip (multipart `slip`) with upload progress; the lists show the answer's `slip: true`. */
export function useAttachSlip(depositId: string) {
  const qc = useQueryClient();
  return useUpload<File, Deposit>(
    (file) => {
      const form = new FormData();
      form.set('slip', file, file.name || 'slip');
      return { path: slipPath(depositId), form };
    },
    (deposit) => {
      qc.setQueryData(moneyKeys.deposit(deposit.id), deposit);
      void qc.invalidateQueries({ queryKey: moneyKeys.deposits, exact: true });
    },
  );
}
