import { channel, DEFAULT_LOCALE, type Locale, type SystemMessage } from '@candor/contracts';
import { translate } from '@candor/i18n';
import type { RealtimeGateway } from '../realtime/realtime.gateway.js';
import type { MessageRow } from './messages.repository.js';

const inLocale = (texts: Record<string, string>, locale: Locale): string => texts[locale] || texts[DEFAULT_LOCALE] || '';

/** Stored vars are language-neutral: a reviewer's reason code becomes its words in the reader's language here. */
function varsIn(vars: Record<string, string>, locale: Locale): Record<string, string> {
  return vars.reasonCode ? { ...vars, reason: translate(locale, `inbox:kycReasons.${vars.reasonCode}`) } : vars;
}

export function toMessage(r: MessageRow, locale: Locale): SystemMessage {
  const vars = varsIn(r.vars, locale);
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
