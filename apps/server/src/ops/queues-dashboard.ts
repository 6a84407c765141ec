import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { ERROR_STATUS, OPS, OPS_ROLES } from '@candor/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { CONSOLE_PATH, type HttpReply, type HttpRequest } from '../common/http.js';
import { errorEnvelope } from '../common/error.filter.js';
import { SessionService } from '../auth/session.service.js';
import { TokenService } from '../auth/token.service.js';
import { OPS_COOKIE } from './ops.controller.js';
import { bullPrefix, QUEUES } from '@candor/cross-process';

/** Where a browser without a valid ops cookie is sent: the console's queues page, which signs in and sets it. */
export const OPS_QUEUES_CONSOLE_PAGE = `${CONSOLE_PATH}#/queues`;

/**
 * The queues dashboard at /ops/queues: bull-board over the worker's BullMQ queues, read-only (every operator
 * action must be an audited one). A browser page cannot send the console's bearer token, so every request
 * here must carry the httpOnly /ops cookie that `POST /api/admin/ops/session` sets, with its console session
 * still live (docs/internals.md, "Queues dashboard").
 */
@Injectable()
export class QueuesDashboard implements OnApplicationShutdown {
  private readonly log = new Logger('ops');
  private readonly connection: Redis;
  private readonly queues: Queue[];

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
  ) {
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    this.connection.on('error', (e) => this.log.warn(`queues dashboard redis: ${e.message}`));
    this.queues = Object.values(QUEUES).map((q) => new Queue(q.name, { connection: this.connection, prefix: bullPrefix() }));
  }

  /** Registers the dashboard's routes on the api's Fastify instance, behind the ops cookie. */
  async register(app: NestFastifyApplication): Promise<void> {
    const board = new FastifyAdapter();
    board.setBasePath(OPS.queues);
    createBullBoard({
      queues: this.queues.map((q) => new BullMQAdapter(q, { readOnlyMode: true })),
      serverAdapter: board,
      options: { uiConfig: { boardTitle: 'Candor queues', hideDocsLink: true, miscLinks: [{ text: 'Console', url: CONSOLE_PATH }] } },
    });
    await app.register(
      async (scope: FastifyInstance) => {
        scope.addHook('onRequest', (req, reply) => this.authorize(req, reply));
        await scope.register(board.registerPlugin());
      },
      { prefix: OPS.queues },
    );
  }

  /**
   * Lets a read (GET, HEAD) through with a valid ops cookie of a live admin session. Without one, a page
   * is redirected to the console and anything else is 401; with one, every other method is 403: the
   * board's own read-only mode hides and refuses its job actions, and this refuses them whatever it does.
   */
  private async authorize(req: HttpRequest, reply: HttpReply): Promise<void> {
    const token = (req.cookies as Record<string, string | undefined> | undefined)?.[OPS_COOKIE];
    const claims = token ? await this.tokens.verifyOps(token) : null;
    const allowed = claims !== null && (OPS_ROLES as readonly string[]).includes(claims.role ?? '') && !(await this.sessions.isRevoked(claims.sid));
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (allowed && read) return;
    if (allowed) {
      await this.refuse(req, reply, 'FORBIDDEN');
      return;
    }
    const path = req.url.split('?')[0]!;
    if (read && !path.startsWith(`${OPS.queues}/api/`) && !path.startsWith(`${OPS.queues}/static/`)) {
      await reply.redirect(OPS_QUEUES_CONSOLE_PAGE, 302);
      return;
    }
    await this.refuse(req, reply, 'UNAUTHENTICATED');
  }

  /**
   * Each queue's jobs waiting (waiting, delayed and prioritized: not yet taken by a worker) and failed, for
   * the console's dashboard; null when Redis does not answer within `ms`.
   */
  async counts(ms = 2000): Promise<{ name: string; waiting: number; failed: number }[] | null> {
    const all = Promise.all(
      this.queues.map(async (q) => {
        const c = await q.getJobCounts('waiting', 'delayed', 'prioritized', 'failed');
        return { name: q.name, waiting: (c.waiting ?? 0) + (c.delayed ?? 0) + (c.prioritized ?? 0), failed: c.failed ?? 0 };
      }),
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), ms);
      timer.unref();
    });
    try {
      return await Promise.race([all, late]);
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  private async refuse(req: HttpRequest, reply: HttpReply, code: 'UNAUTHENTICATED' | 'FORBIDDEN'): Promise<void> {
    await reply.code(ERROR_STATUS[code]).send(errorEnvelope(req, code));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((q) => q.close().catch(() => undefined)));
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
