import { useMemo, useReducer, useRef, type FormEvent } from 'react';
import type { AdminProduct, ScheduledChange } from '@candor/contracts';
import { ApiError } from '../../lib/api/client';
import { isScheduledResponse, useUpdateProduct } from '../../lib/api/queries';
import { changes, saveBody, serverFieldError, splitChanges, toForm, validate, type FieldErrors, type ProductFields, type ProductForm } from './productForm';

/** What the last save did: the fields applied at once, and the changes it scheduled (each with its time). */
export interface SaveResult {
  at: string;
  applied: (keyof ProductFields)[];
  scheduled: ScheduledChange[];
}

interface EditorState {
  /** The product as last loaded or saved: the form is compared against it. */
  baseline: AdminProduct;
  form: ProductForm;
  errors: FieldErrors;
  /** Set by a save attempt: from then on every edit is validated again. */
  submitted: boolean;
  saved: SaveResult | null;
  serverError: ApiError | Error | null;
}

// Forms are built outside the reducer (toForm hands out fresh row keys), so it stays pure.
type Action =
  | { type: 'load'; baseline: AdminProduct; form: ProductForm }
  | { type: 'edit'; patch: Partial<ProductForm> }
  | { type: 'submit'; errors: FieldErrors }
  | { type: 'saved'; baseline: AdminProduct; form: ProductForm; saved: SaveResult }
  | { type: 'failed'; error: Error }
  | { type: 'discard'; form: ProductForm };

function init(product: AdminProduct): EditorState {
  return { baseline: product, form: toForm(product), errors: {}, submitted: false, saved: null, serverError: null };
}

function reducer(s: EditorState, a: Action): EditorState {
  switch (a.type) {
    case 'load':
      return { ...s, baseline: a.baseline, form: a.form };
    case 'edit': {
      const form = { ...s.form, ...a.patch };
      return { ...s, form, saved: null, errors: s.submitted ? validate(form, s.baseline.earliestEffectiveAt) : s.errors };
    }
    case 'submit':
      return { ...s, submitted: true, serverError: null, errors: a.errors };
    case 'saved':
      return { ...s, baseline: a.baseline, form: a.form, submitted: false, errors: {}, saved: a.saved };
    case 'failed': {
      const field = a.error instanceof ApiError ? a.error.field : undefined;
      return { ...s, serverError: a.error, errors: field && a.error instanceof ApiError ? { ...s.errors, [field]: serverFieldError(a.error) } : s.errors };
    }
    case 'discard':
      return { ...s, form: a.form, errors: {}, submitted: false, serverError: null };
  }
}

/** The editor's state for one product: the form, its errors, and saving what changed. */
export function useProductForm(product: AdminProduct, canEdit: boolean) {
  const mutation = useUpdateProduct(product.symbol);
  const [state, dispatch] = useReducer(reducer, product, init);
  const formRef = useRef<HTMLFormElement>(null);
  const { baseline, form } = state;

  const diff = useMemo(() => changes(baseline, form), [baseline, form]);
  const dirty = Object.keys(diff).length > 0;

  // A newer copy arrived (refetch, or another operator's save) while nothing is being edited: show it.
  if (product !== baseline && product.updatedAt !== baseline.updatedAt && !dirty) {
    dispatch({ type: 'load', baseline: product, form: toForm(product) });
  }

  const update = (patch: Partial<ProductForm>) => dispatch({ type: 'edit', patch });

  const discard = () => dispatch({ type: 'discard', form: toForm(baseline) });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!canEdit || !dirty) return;
    const found = validate(form, product.earliestEffectiveAt);
    dispatch({ type: 'submit', errors: found });
    if (Object.keys(found).length) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const { immediate } = splitChanges(diff);
    mutation.mutate(saveBody(baseline, form), {
      onSuccess: (answer) => {
        const scheduled = isScheduledResponse(answer) ? answer.scheduledChanges : [];
        const updated = isScheduledResponse(answer) ? answer.product : answer;
        const next = updated && typeof updated === 'object' && 'symbol' in updated ? updated : { ...baseline, updatedAt: new Date().toISOString() };
        const saved = { at: new Date().toISOString(), applied: immediate, scheduled };
        dispatch({ type: 'saved', baseline: next, form: toForm(next), saved });
      },
      onError: (error) => dispatch({ type: 'failed', error }),
    });
  }

  return { ...state, diff, dirty, pending: mutation.isPending, formRef, update, discard, submit };
}
