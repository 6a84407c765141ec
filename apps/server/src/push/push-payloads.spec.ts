import { describe, expect, it } from '@jest/globals';
import { resources } from '@candor/i18n';
import { PUSH_BODY_MAX, pushPayload, pushTtl, wantsEvent } from './push-payloads.js';
import { endpointAllowed } from './push-subscriptions.service.js';

const order = { userId: 'u1', orderId: 'o-1', symbol: 'BTCUSDT', pnl: '8.50' } as const;

describe('pushPayload', () => {
  it('writes a settled order in the asked language, with its result and the receipt to open', () => {
    expect(pushPayload('order.settled', { ...order, outcome: 'win' }, 'en')).toEqual({
      title: 'BTCUSDT order settled',
      body: 'Won: profit +8.50',
      url: '/#/pages/order/receipt?id=o-1',
      tag: 'order-o-1',
    });
    expect(pushPayload('order.settled', { ...order, outcome: 'loss', pnl: '-10.00' }, 'zh-TW')).toMatchObject({
      title: 'BTCUSDT 訂單已結算',
      body: '虧損：-10.00',
    });
    expect(pushPayload('order.settled', { ...order, outcome: 'tie', pnl: '0.00' }, 'de').body).toBe(resources.de.push.orderTie);
    expect(pushPayload('order.settled', { ...order, outcome: null, pnl: '0.00' }, 'ja').body).toBe(resources.ja.push.orderVoid);
  });

  it('tells deposit, withdrawal and verification decisions, each opening its own page', () => {
    const deposit = pushPayload('deposit.decided', { userId: 'u', depositId: 'd1', approved: false, messageId: 'm' }, 'fr');
    expect(deposit).toEqual({ title: 'Dépôt', body: resources.fr.push.depositRejected, url: '/#/pages/withdraw-list/withdraw-open', tag: 'deposit-d1' });
    const paid = pushPayload('withdrawal.decided', { userId: 'u', withdrawalId: 'w1', status: 'successful', messageId: null }, 'en');
    expect(paid).toMatchObject({ body: 'Your withdrawal was paid', url: '/#/pages/withdraw-list/withdraw-list', tag: 'withdrawal-w1' });
    expect(pushPayload('withdrawal.decided', { userId: 'u', withdrawalId: 'w1', status: 'failed', messageId: 'm' }, 'en').body).toBe(
      resources.en.push.withdrawalFailed,
    );
    const kyc = pushPayload('kyc.decided', { userId: 'u', submissionId: 's1', status: 'verified', final: false, reason: null, messageId: 'm' }, 'ko');
    expect(kyc).toEqual({ title: resources.ko.push.kycTitle, body: resources.ko.push.kycVerified, url: '/#/pages/verify/verify', tag: 'kyc-s1' });
  });

  it("shows the start of support's reply on one line, clipped; an image reply says so", () => {
    const long = pushPayload('support.replied', { userId: 'u', messageId: 'm', preview: `Hello\n\n${'x'.repeat(500)}` }, 'en');
    expect(long.body.startsWith('Hello x')).toBe(true);
    expect(long.body).toHaveLength(PUSH_BODY_MAX);
    expect(long.body.endsWith('…')).toBe(true);
    expect(pushPayload('support.replied', { userId: 'u', messageId: 'm', preview: '' }, 'vi').body).toBe(resources.vi.push.supportImage);
  });

  it('stays far under the push services 4 KB in every language', () => {
    for (const locale of Object.keys(resources) as (keyof typeof resources)[]) {
      const p = pushPayload('support.replied', { userId: 'u', messageId: 'm', preview: '字'.repeat(1000) }, locale);
      expect(Buffer.byteLength(JSON.stringify(p))).toBeLessThan(1024);
    }
  });
});

describe('kind filtering', () => {
  it('sends an event only to subscriptions that receive its kind', () => {
    expect(wantsEvent(['order'], 'order.settled')).toBe(true);
    expect(wantsEvent(['funds', 'verification', 'support'], 'order.settled')).toBe(false);
    expect(wantsEvent(['funds'], 'deposit.decided')).toBe(true);
    expect(wantsEvent(['funds'], 'withdrawal.decided')).toBe(true);
    expect(wantsEvent(['order'], 'withdrawal.decided')).toBe(false);
    expect(wantsEvent(['verification'], 'kyc.decided')).toBe(true);
    expect(wantsEvent(['support'], 'support.replied')).toBe(true);
    expect(wantsEvent([], 'support.replied')).toBe(false);
  });

  it('keeps an order result an hour at the push service, a decision a day', () => {
    expect(pushTtl('order')).toBe(3600);
    expect(pushTtl('funds')).toBe(86_400);
  });
});

describe('endpointAllowed', () => {
  const hosts = ['fcm.googleapis.com', 'push.apple.com', '127.0.0.1:8443'];
  it('takes https endpoints of the listed push services and their subdomains', () => {
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(true);
    expect(endpointAllowed('https://web.push.apple.com/QH', hosts)).toBe(true);
    expect(endpointAllowed('https://127.0.0.1:8443/push/1', hosts)).toBe(true);
  });
  it('refuses anything a user could aim at another server', () => {
    expect(endpointAllowed('http://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(false);
    expect(endpointAllowed('https://fcm.googleapis.com.evil.example/x', hosts)).toBe(false);
    expect(endpointAllowed('https://evilpush.apple.com.example/x', hosts)).toBe(false);
    expect(endpointAllowed('https://notpush.apple.com/x', hosts)).toBe(false);
    expect(endpointAllowed('https://fcm.googleapis.com:8080/x', hosts)).toBe(false);
    expect(endpointAllowed('https://user:pw@fcm.googleapis.com/x', hosts)).toBe(false);
    expect(endpointAllowed('https://169.254.169.254/latest', hosts)).toBe(false);
    expect(endpointAllowed('https://127.0.0.1/push/1', hosts)).toBe(false);
    expect(endpointAllowed('not a url', hosts)).toBe(false);
  });
});
