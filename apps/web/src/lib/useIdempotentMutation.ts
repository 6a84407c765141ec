import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { IdempotentAttempts, outcomeUnknown } from './idempotency';

export interface IdempotentMutationOptions<V, R> {
  /** Sends one attempt with its `Idempotency-Key`. */
  send: (variables: V, idempotencyKey: string) => Promise<R>;
  /** What makes two calls the same attempt; the variables themselves unless told. */
  attempt?: (variables: V) => unknown;
  onSuccess?: (result: R) => void;
  /** After any answer, success or failure. */
  onSettled?: () => void;
}

/**
 * A mutation that must not be applied twice (an order, a deposit, a withdrawal, a transfer): one
 * `Idempotency-Key` per attempt (IdempotentAttempts). A retry of the same attempt after an unknown outcome
 * (no answer, a 5xx) sends the same key, so the server answers with the first result; a definite answer or
 * a new body starts a new attempt. Callers' own `mutate(..., { onSuccess, onError })` run as usual.
 */
export function useIdempotentMutation<V, R>({ send, attempt = (v) => v, onSuccess, onSettled }: IdempotentMutationOptions<V, R>) {
  const attempts = useRef(new IdempotentAttempts());
  return useMutation({
    mutationFn: (variables: V) => send(variables, attempts.current.keyFor(attempt(variables))),
    onSuccess: (result) => {
      attempts.current.settle('definite');
      onSuccess?.(result);
    },
    onError: (e) => attempts.current.settle(outcomeUnknown(e) ? 'unknown' : 'definite'),
    onSettled,
  });
}
