import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily proof of liabilities (issue 50, docs/transparency.md). `liabilities_roots` is the published chain:
 * one row per date, its `previous` the record hash of the date before; append-only like the audit log (the
 * same trigger function refuses UPDATE, DELETE and TRUNCATE). `liabilities_leaves` says where each user's leaf
 * is and what it summed; `liabilities_nodes` keeps every level of the tree compactly, 1024 nodes to a row, each
 * node 40 bytes (the sum as a big-endian int64, then the 32-byte hash), stored uncompressed (EXTERNAL) so a
 * proof reads its 40 bytes of each level with substring() without loading the whole chunk. Leaves and nodes
 * refuse UPDATE (a tree never changes once built); deleting old ones is allowed, the chain keeps their roots.
 */
export class Liabilities1766000000500 implements MigrationInterface {
  name = 'Liabilities1766000000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE liabilities_roots (
        date date PRIMARY KEY,
        root char(64) NOT NULL CHECK (root ~ '^[0-9a-f]{64}$'),
        total bigint NOT NULL CHECK (total >= 0),
        previous char(64) NOT NULL CHECK (previous ~ '^[0-9a-f]{64}$'),
        hash char(64) NOT NULL UNIQUE CHECK (hash ~ '^[0-9a-f]{64}$'),
        leaves int NOT NULL CHECK (leaves >= 0),
        key_id char(16) NOT NULL,
        snapshot_at timestamptz NOT NULL,
        build_ms int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TRIGGER liabilities_roots_append_only BEFORE UPDATE OR DELETE ON liabilities_roots FOR EACH ROW EXECUTE FUNCTION candor_append_only();
      CREATE TRIGGER liabilities_roots_no_truncate BEFORE TRUNCATE ON liabilities_roots FOR EACH STATEMENT EXECUTE FUNCTION candor_append_only();

      CREATE TABLE liabilities_leaves (
        date date NOT NULL,
        idx int NOT NULL CHECK (idx >= 0),
        user_id uuid NOT NULL,
        balance bigint NOT NULL CHECK (balance >= 0),
        PRIMARY KEY (date, idx)
      );
      CREATE UNIQUE INDEX liabilities_leaves_user ON liabilities_leaves (date, user_id);
      CREATE TRIGGER liabilities_leaves_no_update BEFORE UPDATE ON liabilities_leaves FOR EACH ROW EXECUTE FUNCTION candor_append_only();

      CREATE TABLE liabilities_nodes (
        date date NOT NULL,
        level smallint NOT NULL CHECK (level >= 0),
        chunk int NOT NULL CHECK (chunk >= 0),
        data bytea NOT NULL,
        PRIMARY KEY (date, level, chunk)
      );
      ALTER TABLE liabilities_nodes ALTER COLUMN data SET STORAGE EXTERNAL;
      CREATE TRIGGER liabilities_nodes_no_update BEFORE UPDATE ON liabilities_nodes FOR EACH ROW EXECUTE FUNCTION candor_append_only();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE liabilities_nodes; DROP TABLE liabilities_leaves; DROP TABLE liabilities_roots;`);
  }
}
