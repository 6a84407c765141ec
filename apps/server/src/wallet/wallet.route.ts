import type { FastifyInstance } from 'fastify';
import type { UserAuthGuard } from '../auth/auth.guard.js';
import { API_PREFIX, beforeNest, JSON_CONTENT_TYPE } from '../common/http.js';
import type { WalletService } from './wallet.service.js';

/**
 * GET /api/wallet, the personal center's balances and its hottest authenticated read, answered before
 * Nest's pipeline runs, with the controller's own guard check (UserAuthGuard.authenticate) and service.
 * Anything else (no or a refused token, a failed read) goes on to the controller, which answers it in the
 * error envelope. Registered before Nest registers its routes (an onRoute hook added later never sees the route).
 *
 * Stands in for WalletController.wallet (wallet.controller.ts): keep both in step.
 */
export function serveWalletBeforeNest(fastify: FastifyInstance, guard: UserAuthGuard, wallet: WalletService): void {
  beforeNest(fastify, 'GET', `/${API_PREFIX}/wallet`, async (req, reply) => {
    let body: string;
    try {
      const user = await guard.authenticate(req);
      if (!user) return;
      body = JSON.stringify(await wallet.wallet(user.id));
    } catch {
      return;
    }
    return reply.type(JSON_CONTENT_TYPE).send(body);
  });
}
