import { Inject, Injectable } from '@nestjs/common';
import { PUSH_KINDS, type PushKind, type PushSubscriptionBody, type PushSubscriptionView } from '@candor/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { vapidKeys } from '../config/vapid.js';
import { DomainError } from '../common/domain-error.js';
import { PushRepository, type PushSubscriptionRow } from './push.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an endpoint is on one of the allowed push services: https, on the default port, its host one of
 * `hosts` or a subdomain of one. The server POSTs to the endpoint, so an address of the user's choosing
 * (an internal service, a metadata address) must never get through.
 */
export function endpointAllowed(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((h) => {
    const [name, port] = h.split(':');
    return (host === name || host.endsWith(`.${name}`)) && url.port === (port ?? '');
  });
}

export function toView(r: PushSubscriptionRow): PushSubscriptionView {
  return {
    id: r.id,
    service: new URL(r.endpoint).hostname,
    kinds: PUSH_KINDS.filter((k) => r.kinds.includes(k)),
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** The signed-in user's push subscriptions (`/api/me/push-subscriptions`): always the caller's own. */
@Injectable()
export class PushSubscriptionsService {
  private enabled?: boolean;

  constructor(
    private readonly repo: PushRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Registers (or registers again) the browser's subscription for the user; the same endpoint is one row. */
  async register(userId: string, body: PushSubscriptionBody): Promise<{ id: string }> {
    if (!(this.enabled ??= vapidKeys(this.config) !== null)) throw new DomainError('PUSH_UNAVAILABLE');
    if (!endpointAllowed(body.endpoint, this.config.PUSH_SERVICE_HOSTS)) throw new DomainError('PUSH_ENDPOINT_NOT_ALLOWED', 'endpoint');
    const id = await this.repo.upsert({
      userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      kinds: body.kinds ?? null,
      fallback: [...PUSH_KINDS],
    });
    return { id };
  }

  async list(userId: string): Promise<{ items: PushSubscriptionView[] }> {
    return { items: (await this.repo.listForUser(userId)).map(toView) };
  }

  async setKinds(userId: string, id: string, kinds: PushKind[]): Promise<PushSubscriptionView> {
    if (!UUID.test(id)) throw new DomainError('NOT_FOUND');
    const row = await this.repo.setKinds(userId, id, kinds);
    if (!row) throw new DomainError('NOT_FOUND');
    return toView(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!UUID.test(id) || !(await this.repo.remove(userId, id))) throw new DomainError('NOT_FOUND');
  }
}
