import { describe, expect, it } from '@jest/globals';
import { kycRejectBody } from '@candor/contracts';
import { EMPTY_REJECT, MESSAGE_MAX, NOTE_MAX, rejectBody } from './rejectForm';

describe('rejectBody', () => {
  it('asks for a reason first', () => {
    expect(rejectBody(EMPTY_REJECT)).toEqual({ problem: 'reason' });
    expect(rejectBody({ ...EMPTY_REJECT, reason: 'not-a-reason' })).toEqual({ problem: 'reason' });
  });

  it('sends only the reason when nothing else was written', () => {
    expect(rejectBody({ ...EMPTY_REJECT, reason: 'unreadable', message: '  ', note: '\n' })).toEqual({ body: { reason: 'unreadable' } });
  });

  it('trims the message and the note, and sends final only when chosen', () => {
    const answer = rejectBody({ reason: 'expired', message: ' Please photograph a valid card. ', note: ' expired 2019 ', final: true });
    expect(answer).toEqual({ body: { reason: 'expired', message: 'Please photograph a valid card.', note: 'expired 2019', final: true } });
    // what the form sends is what the api's schema takes
    if (!('body' in answer)) throw new Error('expected a body');
    expect(kycRejectBody.parse(answer.body)).toEqual(answer.body);
  });

  it('needs a message for the reason "other", which says nothing by itself', () => {
    expect(rejectBody({ ...EMPTY_REJECT, reason: 'other' })).toEqual({ problem: 'message' });
    expect(rejectBody({ ...EMPTY_REJECT, reason: 'other', message: 'The photo is of a different card.' })).toEqual({
      body: { reason: 'other', message: 'The photo is of a different card.' },
    });
  });

  it('refuses texts longer than the api takes', () => {
    expect(rejectBody({ ...EMPTY_REJECT, reason: 'mismatch', message: 'x'.repeat(MESSAGE_MAX + 1) })).toEqual({ problem: 'message' });
    expect(rejectBody({ ...EMPTY_REJECT, reason: 'mismatch', note: 'x'.repeat(NOTE_MAX + 1) })).toEqual({ problem: 'note' });
    expect(rejectBody({ ...EMPTY_REJECT, reason: 'mismatch', message: 'x'.repeat(MESSAGE_MAX) })).toHaveProperty('body');
  });
});
