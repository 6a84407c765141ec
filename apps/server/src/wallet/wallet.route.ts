import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { UserAuthGuard } from '../auth/auth.guard.js';
import { API_PREFIX } from '../common/http.js';
import type { WalletService } from './wallet.service.js';

const WALLET_URL = `/${API_PREFIX}/wallet`;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * GET /api/wallet, the personal center's balances and its hottest authenticated read, answered before
 * Nest's pipeline runs: a route hook of that one route, after the app-wide hooks (security headers, request
 * id), with the controller's own guard check (UserAuthGuard.authenticate) and service. Anything else (no or
 * a refused token, a failed read) goes on to the controller, which answers it in the error envelope.
 */
export function serveWalletBeforeNest(fastify: FastifyInstance, guard: UserAuthGuard, wallet: WalletService): void {
  fastify.addHook('onRoute', (route: RouteOptions) => {
    if (route.url !== WALLET_URL || route.method !== 'GET') return;
    const fast = async (req: FastifyRequest, reply: FastifyReply) => {
      let body: string;
      try {
        const user = await guard.authenticate(req);
        if (!user) return;
        body = JSON.stringify(await wallet.wallet(user.id));
      } catch {
        return;
      }
      return reply.type(JSON_TYPE).send(body);
    };
    const existing = route.onRequest;
    route.onRequest = existing ? [...(Array.isArray(existing) ? existing : [existing]), fast] : [fast];
  });
}
