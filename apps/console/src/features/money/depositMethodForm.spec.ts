import { describe, expect, it } from '@jest/globals';
import { bodyOf, draftOf, emptyDraft, validateDraft, type MethodDraft } from './depositMethodForm';

const filled = (): MethodDraft => {
  const d = emptyDraft();
  d.names['zh-TW'] = ' 銀行轉帳 ';
  d.names.en = 'Bank transfer';
  d.details = [
    { key: 'bank', value: 'First Bank' },
    { key: '', value: '' },
    { key: 'accountNumber', value: ' 123-456 ' },
  ];
  d.instructions.en = 'Quote the order number';
  d.minAmount = '100';
  d.maxAmount = '50000.50';
  d.sort = '3';
  return d;
};

describe('deposit method form', () => {
  it('accepts a filled form and sends only the filled languages and rows, trimmed', () => {
    const d = filled();
    expect(validateDraft(d)).toEqual({});
    expect(bodyOf(d)).toEqual({
      type: 'bank',
      names: { 'zh-TW': '銀行轉帳', en: 'Bank transfer' },
      details: { bank: 'First Bank', accountNumber: '123-456' },
      instructions: { en: 'Quote the order number' },
      minAmount: '100',
      maxAmount: '50000.50',
      sort: 3,
      enabled: true,
    });
  });

  it('names each mistake: no zh-TW name, bad rows, bad amounts, an upside-down range, a bad sort', () => {
    expect(validateDraft(emptyDraft())).toEqual({
      names: 'methods.nameRequired',
      details: 'methods.detailsRequired',
      minAmount: 'methods.amountInvalid',
      maxAmount: 'methods.amountInvalid',
    });
    const d = filled();
    d.details = [{ key: '1bank', value: 'x' }];
    d.minAmount = '500';
    d.maxAmount = '100';
    d.sort = '10001';
    expect(validateDraft(d)).toEqual({ details: 'methods.detailKeyInvalid', maxAmount: 'methods.rangeInvalid', sort: 'methods.sortInvalid' });
    d.details = [
      { key: 'a', value: 'x' },
      { key: 'a', value: 'y' },
    ];
    expect(validateDraft(d).details).toBe('methods.detailsRequired');
    d.details = [{ key: 'a', value: ' ' }];
    expect(validateDraft(d).details).toBe('methods.detailsRequired');
    d.minAmount = '1.234';
    expect(validateDraft(d).minAmount).toBe('methods.amountInvalid');
  });

  it('round-trips a saved method', () => {
    const d = draftOf({
      id: 'm1',
      type: 'crypto',
      names: { 'zh-TW': 'USDT' },
      details: { network: 'TRC20' },
      instructions: {},
      minAmount: '20.00',
      maxAmount: '1000.00',
      enabled: false,
      sort: 7,
    });
    expect(d.names.ja).toBe('');
    expect(bodyOf(d)).toEqual({
      type: 'crypto',
      names: { 'zh-TW': 'USDT' },
      details: { network: 'TRC20' },
      instructions: {},
      minAmount: '20.00',
      maxAmount: '1000.00',
      sort: 7,
      enabled: false,
    });
  });
});
