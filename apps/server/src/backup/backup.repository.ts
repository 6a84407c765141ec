import pg from 'pg';

type Client = InstanceType<typeof pg.Client>;

/** `fn` with a plain pg connection to `url` (backups run outside the app's pool, e.g. from `npm run backup`). */
async function withClient<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The same server's maintenance database, to create or look for a database by name. */
function maintenanceUrl(url: string): { serverUrl: string; name: string } {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  u.pathname = '/postgres';
  return { serverUrl: u.toString(), name };
}

/** The server's major version (18 for 18.4): pg_dump must be at least that version. Asked of the maintenance database when `url`'s is gone. */
export async function serverMajorVersion(url: string): Promise<number> {
  const ask = (u: string) =>
    withClient(u, async (c) => {
      const { rows } = await c.query(`SELECT current_setting('server_version_num') AS v`);
      return Math.floor(Number((rows as { v: string }[])[0]!.v) / 10_000);
    });
  try {
    return await ask(url);
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err; // 3D000: the database does not exist
    return ask(maintenanceUrl(url).serverUrl);
  }
}

/** Tables outside the system schemas: 0 for a database nothing was restored or migrated into. */
export function userTableCount(url: string): Promise<number> {
  return withClient(url, async (c) => {
    const { rows } = await c.query(
      `SELECT count(*)::int AS n FROM pg_class k JOIN pg_namespace s ON s.oid = k.relnamespace
       WHERE k.relkind IN ('r', 'p') AND s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg\\_%'`,
    );
    return (rows as { n: number }[])[0]!.n;
  });
}

/** Creates the database of `url` when it does not exist (a restore after the database was lost); true when it did. */
export async function createDatabaseIfMissing(url: string): Promise<boolean> {
  const { serverUrl, name } = maintenanceUrl(url);
  return withClient(serverUrl, async (c) => {
    const { rowCount } = await c.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
    if (rowCount) return false;
    await c.query(`CREATE DATABASE ${c.escapeIdentifier(name)} ENCODING 'UTF8' TEMPLATE template0`);
    return true;
  });
}
