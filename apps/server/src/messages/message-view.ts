import { channel, DEFAULT_LOCALE, type Locale, type SystemMessage } from '@candor/contracts';
import { translate } from '@candor/i18n';
import type { RealtimeGateway } from '../realtime/realtime.gateway.js';
import type { MessageRow, SystemMessageKey } from './messages.repository.js';

const inLocale = (texts: Record<string, string>, locale: Locale): string => texts[locale] || texts[DEFAULT_LOCALE] || '';

/** A product's names per locale, as a price alert's message stores them (JSON), or null. */
function namesOf(json: string | undefined): Record<string, string> | null {
  try {
    const names: unknown = JSON.parse(json ?? 'null');
    return names && typeof names === 'object' ? (names as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/**
 * Stored vars are language-neutral: a reviewer's reason code becomes its words in the reader's language here,
 * and so do a price alert's side (`direction`) and product name (`names`, one per locale).
 */
function varsIn(key: SystemMessageKey | null, vars: Record<string, string>, locale: Locale): Record<string, string> {
  if (vars.reasonCode) return { ...vars, reason: translate(locale, `inbox:kycReasons.${vars.reasonCode}`) };
  if (key === 'priceAlert') {
    const names = namesOf(vars.names);
    const name = (names && inLocale(names, locale)) || vars.symbol || '';
    return {
      ...vars,
      name,
      side: vars.direction === 'below' ? translate(locale, 'inbox:priceAlertSides.below') : translate(locale, 'inbox:priceAlertSides.above'),
    };
  }
  if (key === 'limitRaisePending') {
    return {
      ...vars,
      limit: translate(locale, `inbox:limitNames.${vars.name}`),
      value: vars.value ? vars.value : translate(locale, 'inbox:limitNone'),
    };
  }
  return vars;
}

export function toMessage(r: MessageRow, locale: Locale): SystemMessage {
  const vars = varsIn(r.text_key, r.vars, locale);
  const title = r.text_key ? translate(locale, `inbox:${r.text_key}.title`, vars) : inLocale(r.titles ?? {}, locale);
  const body = r.text_key ? translate(locale, `inbox:${r.text_key}.body`, vars) : inLocale(r.bodies ?? {}, locale);
  return { id: r.id, title, body, createdAt: r.created_at.toISOString(), read: r.read };
}

/** The `message` event, in the default language (clients refetch the inbox in theirs); a broadcast goes to every socket. */
export function pushMessage(gateway: RealtimeGateway, userId: string | null, row: MessageRow): void {
  const event = toMessage(row, DEFAULT_LOCALE);
  const server = gateway.server;
  if (!server) return;
  if (userId) server.to(channel.user(userId)).emit('message', event);
  else server.emit('message', event);
}
