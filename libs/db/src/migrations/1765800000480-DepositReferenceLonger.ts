import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A deposit's reference holds a transaction hash as users copy it: an EVM hash is 66 characters (0x and 64
 * hex), which did not fit the 64 of the first table. 128 leaves room for the longer references of other
 * networks and banks; the request schema checks the same bound.
 */
export class DepositReferenceLonger1765800000480 implements MigrationInterface {
  name = 'DepositReferenceLonger1765800000480';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deposits ALTER COLUMN reference TYPE varchar(128)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deposits ALTER COLUMN reference TYPE varchar(64) USING left(reference, 64)`);
  }
}
