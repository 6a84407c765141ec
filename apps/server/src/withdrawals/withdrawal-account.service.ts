import { Injectable } from '@nestjs/common';
import type { PutWithdrawalAccountBody, WithdrawalAccount } from '@candor/contracts';
import { checkCardNumber, checkCurrencyAddress, maskAddress, maskCardNumber, type AccountCheck, type WithdrawalNetwork } from '@candor/domain';
import { DomainError } from '../common/domain-error.js';
import { TradePasswordService } from '../auth/trade-password.service.js';
import { UserTotpService } from '../auth/totp/user-totp.service.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { SystemMessages } from '../messages/system-messages.js';
import { EventBus } from '../events/event-bus.js';
import { WithdrawalAccountRepository, type WithdrawalAccountFields, type WithdrawalAccountRow } from './withdrawal-account.repository.js';

/** How long withdrawals wait after the withdrawal account changed. */
export const WITHDRAWAL_HOLD_HOURS = 24;

/** The fields each account type needs, in the order the form shows them (the first missing one is named). */
const REQUIRED: Record<PutWithdrawalAccountBody['type'], (keyof PutWithdrawalAccountBody)[]> = {
  bank: ['accountName', 'nationality', 'bank', 'cardNumber', 'region'],
  crypto: ['accountName', 'nationality', 'network', 'currencyAddress'],
};

/**
 * The account as its owner's app sees it. The card number leaves the server masked (its last four digits),
 * like `masked`: the app never needs the full number back, and changing the account types it again. A
 * currency address stays whole: it is public, and the owner checks it character by character.
 */
export function toWithdrawalAccount(r: WithdrawalAccountRow, warning?: WithdrawalAccount['warning']): WithdrawalAccount {
  return {
    type: r.type,
    accountName: r.account_name,
    nationality: r.nationality,
    bank: r.bank,
    cardNumber: r.card_number ? maskCardNumber(r.card_number) : null,
    region: r.region,
    currencyAddress: r.currency_address,
    network: r.network as WithdrawalNetwork | null,
    masked: r.card_number ? maskCardNumber(r.card_number) : maskAddress(r.currency_address ?? ''),
    holdUntil: r.hold_until && r.hold_until.getTime() > Date.now() ? r.hold_until.toISOString() : null,
    updatedAt: r.updated_at.toISOString(),
    ...(warning ? { warning } : {}),
  };
}

function checked(field: 'cardNumber' | 'currencyAddress', result: AccountCheck): { value: string; warning?: WithdrawalAccount['warning'] } {
  if (!result.ok) throw new DomainError('VALIDATION_FAILED', field);
  return { value: result.value, warning: result.warning === 'LUHN_FAILED' || result.warning === 'NO_CHECKSUM' ? result.warning : undefined };
}

@Injectable()
export class WithdrawalAccountService {
  constructor(
    private readonly accounts: WithdrawalAccountRepository,
    private readonly tradePassword: TradePasswordService,
    private readonly ledger: LedgerService,
    private readonly messages: SystemMessages,
    private readonly events: EventBus,
    private readonly totp: UserTotpService,
  ) {}

  async get(userId: string): Promise<WithdrawalAccount> {
    const row = await this.accounts.find(userId);
    if (!row) throw new DomainError('WITHDRAWAL_ACCOUNT_NOT_BOUND');
    return toWithdrawalAccount(row);
  }

  /** Binds or changes the account: every field checked first, then the transaction password. */
  async put(userId: string, body: PutWithdrawalAccountBody, ip = ''): Promise<WithdrawalAccount> {
    for (const field of REQUIRED[body.type]) if (!body[field]) throw new DomainError('VALIDATION_FAILED', field);
    let fields: WithdrawalAccountFields;
    let warning: WithdrawalAccount['warning'];
    if (body.type === 'bank') {
      const card = checked('cardNumber', checkCardNumber(body.cardNumber!));
      warning = card.warning;
      fields = {
        type: 'bank',
        account_name: body.accountName!,
        nationality: body.nationality!,
        bank: body.bank!,
        card_number: card.value,
        region: body.region!,
        currency_address: null,
        network: null,
      };
    } else {
      const address = checked('currencyAddress', checkCurrencyAddress(body.network!, body.currencyAddress!));
      warning = address.warning;
      fields = {
        type: 'crypto',
        account_name: body.accountName!,
        nationality: body.nationality!,
        bank: null,
        card_number: null,
        region: body.region || null,
        currency_address: address.value,
        network: body.network!,
      };
    }
    if (!body.tradePassword) throw new DomainError('VALIDATION_FAILED', 'tradePassword');
    // With two-factor on: a missing code is refused before the password is judged, a code is judged only after it.
    const second = await this.totp.demand(userId, body.totp);
    await this.tradePassword.verify(userId, body.tradePassword);
    if (second) await this.totp.verify(second, body.totp, ip);
    const { row, reported } = await this.ledger.transaction(async (em) => {
      const before = await this.accounts.find(userId, em, true);
      const row = await this.accounts.upsert(em, userId, fields, WITHDRAWAL_HOLD_HOURS);
      // A new hold means the details changed; the user hears of every binding and change, in this transaction.
      const changed = before !== null && row.hold_until?.getTime() !== before.hold_until?.getTime();
      if (before !== null && !changed) return { row, reported: null };
      const holdUntil = row.hold_until ? `${row.hold_until.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
      const vars = { masked: toWithdrawalAccount(row).masked, holdUntil };
      const kind: 'bound' | 'changed' = changed ? 'changed' : 'bound';
      const messageId = await this.messages.write(em, userId, changed ? 'withdrawalAccountChanged' : 'withdrawalAccountBound', vars);
      return { row, reported: { kind, messageId } };
    });
    if (reported) await this.events.publish('withdrawalAccount.changed', { userId, ...reported });
    return toWithdrawalAccount(row, warning);
  }
}
