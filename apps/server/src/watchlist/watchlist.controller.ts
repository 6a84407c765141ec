import { Controller, Delete, Get, HttpCode, Param, Put, UseGuards } from '@nestjs/common';
import type { Watchlist } from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import { ApiFeature, Doc } from '../common/openapi.js';
import { CurrentUser, UserAuthGuard, type AuthUser } from '../auth/auth.guard.js';
import { MarketService } from '../market/market.service.js';
import { symbolParam } from '../market/market.query.js';
import { WatchlistRepository } from './watchlist.repository.js';

/**
 * The signed-in user's favourite products. Always the caller's own list (no user id in any path). Adding and
 * removing are idempotent; a symbol that is no listed product is NOT_FOUND.
 */
@Controller('me/watchlist')
@UseGuards(UserAuthGuard)
@ApiFeature('account')
export class WatchlistController {
  constructor(
    private readonly list: WatchlistRepository,
    private readonly market: MarketService,
  ) {}

  @Get()
  @Doc('The favourite products, as symbols in the order added', { ok: 'Watchlist' })
  async get(@CurrentUser() u: AuthUser): Promise<Watchlist> {
    return { symbols: await this.list.symbols(u.id) };
  }

  @Put(':symbol')
  @HttpCode(204)
  @Doc('Adds a product to the favourites (again: no change)', { errors: ['NOT_FOUND'] })
  async add(@CurrentUser() u: AuthUser, @Param('symbol') symbol: string): Promise<void> {
    await this.list.add(u.id, await this.productId(symbol));
  }

  @Delete(':symbol')
  @HttpCode(204)
  @Doc('Removes a product from the favourites (one not there: no change)', { errors: ['NOT_FOUND'] })
  async remove(@CurrentUser() u: AuthUser, @Param('symbol') symbol: string): Promise<void> {
    await this.list.remove(u.id, await this.productId(symbol));
  }

  /** The id of the listed product `raw` names, or NOT_FOUND (as GET /api/products/:symbol answers). */
  private async productId(raw: string): Promise<string> {
    const row = await this.market.getProductRow(symbolParam(raw));
    if (!row || !row.enabled) throw new DomainError('NOT_FOUND');
    return row.id;
  }
}
