import { useState, type FormEvent } from 'react';
import type { AdminDepositMethod } from '@candor/contracts';
import { ApiError } from '../../lib/api/client';
import { bodyOf, draftOf, emptyDraft, validateDraft, type DraftErrors, type MethodDraft } from './depositMethodForm';
import { useSaveDepositMethod } from './moneyApi';

/** The deposit-method editor's draft, its problems and its save; `onDone(true)` once saved. */
export function useMethodDraft(method: AdminDepositMethod | null, onDone: (saved: boolean) => void) {
  const [draft, setDraft] = useState<MethodDraft>(() => (method ? draftOf(method) : emptyDraft()));
  // Checked from the first save on, then on every change, so a fixed field clears its message at once.
  const [tried, setTried] = useState(false);
  const errors: DraftErrors = tried ? validateDraft(draft) : {};
  const save = useSaveDepositMethod();
  const update = (patch: Partial<MethodDraft>) => setDraft((d) => ({ ...d, ...patch }));

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (Object.keys(validateDraft(draft)).length) return;
    save.mutate({ id: method?.id ?? null, body: bodyOf(draft) }, { onSuccess: () => onDone(true) });
  }
  const serverError = save.error instanceof ApiError ? save.error : null;

  return { draft, errors, update, submit, saving: save.isPending, serverError };
}
