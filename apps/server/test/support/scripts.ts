import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs one of the repository's public check scripts (scripts/verify-*.mjs) as a user would, and answers its
 * exit code and everything it printed: the tests read the output when a check fails.
 */
export async function runScript(script: string, args: readonly string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, [path.resolve('scripts', script), ...args]);
    return { code: 0, out: stdout };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: `${err.stdout}${err.stderr}` };
  }
}
