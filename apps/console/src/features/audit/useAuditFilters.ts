import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AuditFilters } from '../../lib/api/queries';

const FILTER_KEYS = ['action', 'userId', 'operatorId'] as const;
export const NO_FILTERS: AuditFilters = { action: '', userId: '', operatorId: '' };

/** The audit log's filters: applied ones live in the URL, the form edits a draft until it is applied. */
export function useAuditFilters() {
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? '';
  const userId = params.get('userId') ?? '';
  const operatorId = params.get('operatorId') ?? '';
  const filters: AuditFilters = useMemo(() => ({ action, userId, operatorId }), [action, userId, operatorId]);
  const [draft, setDraft] = useState(filters);
  const [shown, setShown] = useState(filters);
  if (shown !== filters) {
    // the URL changed (a row's filter link, back/forward): show its filters in the form
    setShown(filters);
    setDraft(filters);
  }
  const filtered = FILTER_KEYS.some((k) => filters[k]);
  const drafted = FILTER_KEYS.some((k) => draft[k]);

  function apply(next: AuditFilters) {
    const p = new URLSearchParams();
    for (const k of FILTER_KEYS) if (next[k].trim()) p.set(k, next[k].trim());
    setParams(p);
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    apply(draft);
  }

  return { filters, draft, setDraft, filtered, drafted, apply, submit };
}
