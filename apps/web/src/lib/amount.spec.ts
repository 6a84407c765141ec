import { describe, expect, it } from '@jest/globals';
import { amountIssue, amountLimits, maxAmount, toCents, typedAmount, wireAmount } from './amount';

describe('the amount box', () => {
  it('reads amounts with at most two decimals, as typed', () => {
    expect(toCents('12.5')).toBe(1250);
    expect(toCents('0.01')).toBe(1);
    expect(toCents('12.')).toBe(1200);
    expect(toCents('.5')).toBe(50);
    expect(toCents('007')).toBe(700);
    expect(toCents('1.234')).toBeNull();
    expect(toCents('.')).toBeNull();
    expect(toCents('abc')).toBeNull();
  });

  it.each([
    ['0', '0', ''],
    ['60000', '60000', ''],
    ['1000.999', '1000.999', ''],
    ['00.10', '00.10', ''],
    ['.5', '.5', ''],
    ['-3', '3', '-'],
    ['1e5', '15', 'e'],
    ['1,234.56', '1234.56', ','],
    ['1.2.3', '1.23', '.'],
    ['1ee5', '15', 'e'],
    ['１２', '', '１２'],
  ])('keeps %p as %p, refusing %p', (raw, text, refused) => {
    expect(typedAmount(raw)).toEqual({ text, refused });
  });

  it('never rounds, clamps or replaces: it names the problem against the limits', () => {
    const method = amountLimits('100.00', '50000.00', 'method');
    expect(amountIssue('', method)).toEqual({ kind: 'empty' });
    expect(amountIssue('.', method)).toEqual({ kind: 'format' });
    expect(amountIssue('0', method)).toEqual({ kind: 'belowMin', min: '100.00' });
    expect(amountIssue('99.99', method)).toEqual({ kind: 'belowMin', min: '100.00' });
    expect(amountIssue('60000', method)).toEqual({ kind: 'overMax', max: '50000.00', over: 'method' });
    expect(amountIssue('1000.999', method)).toEqual({ kind: 'decimals' });
    expect(amountIssue('100', method)).toBeNull();
    expect(amountIssue('50000.00', method)).toBeNull();
    expect(amountIssue('50000.01', method)).toEqual({ kind: 'overMax', max: '50000.00', over: 'method' });
  });

  it('a withdrawal above the balance is reported, and nothing can move from an empty balance', () => {
    const balance = amountLimits('0.01', '1000.00', 'balance');
    expect(amountIssue('5000', balance)).toEqual({ kind: 'overMax', max: '1000.00', over: 'balance' });
    expect(amountIssue('1000', balance)).toBeNull();
    expect(maxAmount(balance)).toBe('1000.00');
    const empty = amountLimits('0.01', '0.00', 'balance');
    expect(amountIssue('1', empty)).toEqual({ kind: 'none', over: 'balance' });
    expect(maxAmount(empty)).toBeNull();
  });

  it('lets everything left leave below the minimum when the form allows it (Yu\u2019e Bao out)', () => {
    const out = amountLimits('20.00', '5.50', 'earnOut', '5.50');
    expect(amountIssue('5.5', out)).toBeNull();
    expect(amountIssue('5', out)).toEqual({ kind: 'belowMin', min: '20.00' });
    expect(maxAmount(out)).toBe('5.50');
  });

  it('caps the maximum at the platform maximum and fills it', () => {
    const open = amountLimits(undefined, undefined, 'method');
    expect(maxAmount(open)).toBe('999999.00');
    expect(amountIssue('1000000', open)).toEqual({ kind: 'overMax', max: '999999.00', over: 'method' });
  });

  it('sends the typed value in the wire form, unchanged in value', () => {
    expect(wireAmount('12.')).toBe('12.00');
    expect(wireAmount('.5')).toBe('0.50');
    expect(wireAmount('1000.99')).toBe('1000.99');
    expect(wireAmount('1000.999')).toBeNull();
  });
});
