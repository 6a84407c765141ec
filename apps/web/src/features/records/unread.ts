import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSocketEvent, useSocketReconnect } from '../../lib/socket';
import { recordsKeys } from '../../lib/queryKeys';
import { useSession } from '../../lib/session';
import { API } from '../../lib/wire';

// The unread-message count, on its own so the home page's badge loads nothing else of this feature.

/** Asks for the message list and the count again on a `message` event or a reconnect. */
export function useMessageEvents(): void {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: recordsKeys.messages });
  useSocketEvent('message', refresh);
  useSocketReconnect(refresh);
}

/** The unread count for badges; nothing is asked while logged out (the home page is public). */
export function useUnreadCount() {
  const { status } = useSession();
  useMessageEvents();
  return useQuery({
    queryKey: recordsKeys.unread,
    queryFn: ({ signal }) => api.get<{ count: number }>(API.messagesUnreadCount, { signal }),
    enabled: status === 'authenticated',
    staleTime: 0,
    select: (r) => r.count,
  });
}
