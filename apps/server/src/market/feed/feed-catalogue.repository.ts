import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { CatalogueRow } from './feed-catalogue.js';

/** The catalogue as the feed reads it (hours, precisions, exchange markets of every product). */
@Injectable()
export class FeedCatalogueRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  products(): Promise<CatalogueRow[]> {
    return this.ds.query(`SELECT symbol, precision, timezone, hours, holidays, price_venues FROM products`);
  }
}
