import { describe, expect, it } from '@jest/globals';
import type { MessageRow } from './messages.repository.js';
import { toMessage } from './message-view.js';

const alert = (direction: string, names: Record<string, string> | null = { 'zh-TW': '比特幣', en: 'Bitcoin' }): MessageRow => ({
  id: '7',
  text_key: 'priceAlert',
  vars: {
    symbol: 'BTCUSDT',
    ...(names ? { names: JSON.stringify(names) } : {}),
    direction,
    level: '67000.00',
    price: '67012.50',
    at: '2026-12-02 10:15:07 UTC',
  },
  titles: null,
  bodies: null,
  created_at: new Date('2026-12-02T10:15:07Z'),
  read: false,
});

describe('toMessage of a price alert', () => {
  it('names the product and the side in the reader’s language', () => {
    expect(toMessage(alert('above'), 'en')).toMatchObject({
      title: 'Price alert: Bitcoin',
      body: 'Bitcoin (BTCUSDT) rose to your alert price: 67000.00. The price was 67012.50 at 2026-12-02 10:15:07 UTC. This alert is now done; set a new one on the product page if you need it.',
    });
    expect(toMessage(alert('below'), 'zh-TW').body).toBe(
      '比特幣（BTCUSDT）已下跌至您設定的提醒價位：67000.00。2026-12-02 10:15:07 UTC 的價格為 67012.50。此提醒已完成，如需再次提醒，請到產品頁重新設定。',
    );
  });

  it('a locale without its own name takes zh-TW’s; without names (or unreadable ones) the symbol', () => {
    expect(toMessage(alert('above'), 'ja').title).toBe('価格アラート：比特幣');
    expect(toMessage(alert('above', null), 'en').title).toBe('Price alert: BTCUSDT');
    const broken = alert('above');
    broken.vars.names = '{not json';
    expect(toMessage(broken, 'de').title).toBe('Kursalarm: BTCUSDT');
  });
});
