import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { uploadForm } from './upload';

/** How far an upload is: `percent` of the body sent (0 to 100), or null when nothing is being sent. */
export function uploadPercent(sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((sent * 100) / total)));
}

/**
 * A multipart POST (or PUT) as a mutation, with the share of the body sent so far for a progress bar (`progress`,
 * null while idle). At 100 the body is out and the server is still checking the images.
 */
export function useUpload<V, R>(build: (variables: V) => { path: string; form: FormData; method?: 'POST' | 'PUT' }, onSuccess?: (result: R) => void) {
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (variables: V) => {
      const { path, form, method } = build(variables);
      setProgress(0);
      return uploadForm<R>(path, form, { method, onProgress: (sent, total) => setProgress(uploadPercent(sent, total)) });
    },
    onSuccess: (result) => onSuccess?.(result),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
