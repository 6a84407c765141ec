import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushKind, PushSubscriptionView } from '@candor/contracts';
import { API } from '../../lib/wire';
import { api } from '../../lib/api';
import { accountKeys, contentKeys } from '../../lib/queryKeys';
import type { AppInfo } from '../../lib/appInfo';

/**
 * This browser's notifications: `unsupported` (no service worker, Push API or Notification), `unavailable` (the
 * server has push off, or no service worker controls the app), `denied` (the user blocked notifications for the
 * site: only the browser's settings can undo it), `off` (not subscribed here), `on` (subscribed, with its kinds).
 */
export type PushState = { status: 'unsupported' | 'unavailable' | 'denied' | 'off' } | { status: 'on'; id: string; kinds: PushKind[] };

/** Longest the app waits for its service worker to be ready (none in development builds). */
const WORKER_WAIT_MS = 5000;

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  const ready = navigator.serviceWorker.ready;
  const late = new Promise<null>((r) => setTimeout(() => r(null), WORKER_WAIT_MS));
  return Promise.race([ready, late]);
}

/** A base64url VAPID key as the bytes `PushManager.subscribe` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Registers the browser's subscription with the server (again: the server keeps its kinds) and answers its row. */
async function register(sub: PushSubscription, kinds?: PushKind[]): Promise<PushState> {
  const { id } = await api.post<{ id: string }>(API.pushSubscriptions, { ...sub.toJSON(), ...(kinds ? { kinds } : {}) });
  const { items } = await api.get<{ items: PushSubscriptionView[] }>(API.pushSubscriptions);
  return { status: 'on', id, kinds: items.find((s) => s.id === id)?.kinds ?? [] };
}

async function readState(): Promise<PushState> {
  if (!pushSupported()) return { status: 'unsupported' };
  if (Notification.permission === 'denied') return { status: 'denied' };
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  // Permission alone is not consent to be sent anything: only a subscription made here from the settings is.
  if (!sub || Notification.permission !== 'granted') return { status: 'off' };
  return register(sub);
}

export function usePushState() {
  return useQuery({ queryKey: accountKeys.push, queryFn: readState, staleTime: Infinity, retry: false });
}

/** Turns notifications on: asks the browser's permission, subscribes with the server's key, registers it. */
export function useEnablePush() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<PushState> => {
      if (!pushSupported()) return { status: 'unsupported' };
      // Asked only when not granted yet (headless Chromium, granted by the test, never answers the request).
      const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
      if (permission === 'denied') return { status: 'denied' };
      if (permission !== 'granted') return { status: 'off' };
      const info = await qc.fetchQuery({ queryKey: contentKeys.appInfo, queryFn: ({ signal }) => api.get<AppInfo>(API.appInfo, { signal }) });
      const reg = await workerRegistration();
      if (!info.vapidPublicKey || !reg) return { status: 'unavailable' };
      const applicationServerKey = keyBytes(info.vapidPublicKey);
      let sub: PushSubscription;
      try {
        sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
      } catch (e) {
        // A subscription made with an earlier server key: drop it and subscribe again.
        const old = await reg.pushManager.getSubscription();
        if (!old) throw e;
        await old.unsubscribe();
        sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
      }
      return register(sub);
    },
    onSuccess: (state) => qc.setQueryData(accountKeys.push, state),
  });
}

/** Turns notifications off on this browser: unsubscribes it and removes it from the server. */
export function useDisablePush() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<PushState> => {
      const reg = await navigator.serviceWorker.getRegistration();
      await (await reg?.pushManager.getSubscription())?.unsubscribe();
      await api.del(`${API.pushSubscriptions}/${encodeURIComponent(id)}`).catch((e: { status?: number }) => {
        if (e.status !== 404) throw e;
      });
      return { status: 'off' };
    },
    onSuccess: (state) => qc.setQueryData(accountKeys.push, state),
  });
}

/** Turns one kind on or off for this browser's subscription. */
export function useSetPushKinds() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, kinds }: { id: string; kinds: PushKind[] }): Promise<PushState> => {
      const row = await api.patch<PushSubscriptionView>(`${API.pushSubscriptions}/${encodeURIComponent(id)}`, { kinds });
      return { status: 'on', id: row.id, kinds: row.kinds };
    },
    onSuccess: (state) => qc.setQueryData(accountKeys.push, state),
  });
}
