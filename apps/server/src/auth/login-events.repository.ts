import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { LoginFailure } from '@candor/contracts';

export interface LoginEventRow {
  at: Date;
  ip: string | null;
  user_agent: string | null;
  ok: boolean;
  reason: LoginFailure | null;
}

/** How many sign-in attempts a user's history keeps (the newest). */
export const LOGIN_EVENTS_KEPT = 100;

/** The `login_events` table: each sign-in attempt on an existing account; no rules here. */
@Injectable()
export class LoginEventsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Records one attempt and drops what lies beyond the newest LOGIN_EVENTS_KEPT of that user, in one statement
   * (the DELETE sees the rows from before the INSERT, so it keeps KEPT - 1 of them beside the new one).
   */
  async record(userId: string, ip: string | null, userAgent: string | null, reason: LoginFailure | null): Promise<void> {
    await this.ds.query(
      `WITH added AS (
         INSERT INTO login_events (user_id, ip, user_agent, ok, reason) VALUES ($1, $2, $3, $4::text IS NULL, $4::text) RETURNING id
       )
       DELETE FROM login_events
        WHERE user_id = $1
          AND id <= (SELECT id FROM login_events WHERE user_id = $1 ORDER BY id DESC OFFSET $5::int - 1 LIMIT 1)`,
      [userId, ip, userAgent, reason, LOGIN_EVENTS_KEPT],
    );
  }

  /** The user's newest attempts first. */
  list(userId: string, limit: number): Promise<LoginEventRow[]> {
    return this.ds.query(`SELECT at, ip, user_agent, ok, reason FROM login_events WHERE user_id = $1 ORDER BY id DESC LIMIT $2`, [userId, limit]);
  }
}
