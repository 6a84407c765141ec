import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@candor/contracts';
import { AVATAR_FIELD } from '@candor/contracts/uploads';
import { api } from '../../lib/api';
import { accountKeys } from '../../lib/queryKeys';
import { useUpload } from '../../lib/useUpload';
import { API } from '../../lib/wire';

/** PUT /api/me/avatar (multipart `avatar`) with upload progress; the personal center shows the answer's photo at once. */
export function useSetAvatar() {
  const qc = useQueryClient();
  return useUpload<File, UserProfile>(
    (file) => {
      const form = new FormData();
      form.set(AVATAR_FIELD, file, file.name || 'avatar');
      return { path: API.avatar, form, method: 'PUT' };
    },
    (user) => qc.setQueryData(accountKeys.me, user),
  );
}

/** DELETE /api/me/avatar: back to the generated initial. */
export function useRemoveAvatar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.del<UserProfile>(API.avatar),
    onSuccess: (user) => qc.setQueryData(accountKeys.me, user),
  });
}
