import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/domain-error.js';
import { isUuid } from '../common/keyset.js';
import { TransparencyRepository } from './transparency.repository.js';

/**
 * Receipt checks (docs/transparency.md, "Receipts checked"): the app reports an order after its receipt
 * verified in the owner's browser. The server cannot see inside the browser, so the count is what owners'
 * apps reported; it is bounded by the final orders each user owns, one each.
 */
@Injectable()
export class ReceiptChecksService {
  constructor(private readonly repo: TransparencyRepository) {}

  async record(userId: string, orderId: string): Promise<void> {
    if (!isUuid(orderId)) throw new DomainError('NOT_FOUND');
    const outcome = await this.repo.recordCheck(userId, orderId.toLowerCase());
    if (outcome === 'missing') throw new DomainError('NOT_FOUND');
    if (outcome === 'open') throw new DomainError('ORDER_NOT_FINAL');
  }
}
