import { Controller, Get, UseGuards } from '@nestjs/common';
import type { LiabilitiesChainResponse, LiabilitiesProofResponse } from '@candor/contracts';
import { ApiFeature, Doc } from '../common/openapi.js';
import { CurrentUser, UserAuthGuard, type AuthUser } from '../auth/auth.guard.js';
import { LiabilitiesService } from './liabilities.service.js';

/**
 * The caller's own proof of liabilities: always the signed-in user's leaf (no user id in the path), so a token
 * answers for its own account alone; the siblings on the path carry only hashes and sums of subtrees.
 */
@Controller('me/liabilities-proof')
@UseGuards(UserAuthGuard)
@ApiFeature('account')
export class LiabilitiesProofController {
  constructor(private readonly liabilities: LiabilitiesService) {}

  @Get()
  @Doc("The caller's proof of liabilities in the latest published tree", {
    ok: 'LiabilitiesProofResponse',
    errors: ['NOT_FOUND'],
    description: 'NOT_FOUND until a tree is published that includes the caller (one registered after the snapshot waits for the next day).',
  })
  proof(@CurrentUser() u: AuthUser): Promise<LiabilitiesProofResponse> {
    return this.liabilities.proof(u.id);
  }
}

/** The published roots of the proof of liabilities, chained day to day (no token). */
@Controller('transparency/liabilities')
@ApiFeature('content')
export class LiabilitiesChainController {
  constructor(private readonly liabilities: LiabilitiesService) {}

  @Get()
  @Doc('The published chain of liability roots, oldest first', {
    ok: 'LiabilitiesChainResponse',
    description: 'Each `previous` is the `hash` of the record before: SHA-256 of `R|date|root|total|previous` (docs/transparency.md).',
  })
  async chain(): Promise<LiabilitiesChainResponse> {
    return { items: await this.liabilities.chain() };
  }
}
