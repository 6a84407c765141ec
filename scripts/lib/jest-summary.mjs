// How one jest tier's outcome is counted by scripts/test.mjs. Anything that keeps a tier from
// reporting real results (a test file that failed to load, no test at all, a crash, a timeout,
// a non-zero exit with nothing failed) counts as a failure, so a broken run is never green.

/**
 * @param {object} run
 * @param {object|null} run.result  jest's --json output (null when jest wrote none)
 * @param {number|null} run.code    jest's exit code
 * @param {string|null} [run.signal] the signal that ended jest, if any
 * @param {boolean} [run.timedOut]  we stopped jest after the tier's time limit
 * @returns {{ passed: number, failed: number, notes: string[] }}
 */
export function tierOutcome({ result, code, signal = null, timedOut = false }) {
  const notes = [];
  if (!result) {
    notes.push(
      timedOut
        ? 'timed out (counted as a failure)'
        : `jest ${signal ? `was killed by ${signal}` : `exited with code ${code}`} without results: its setup crashed or it could not start (counted as a failure)`,
    );
    return { passed: 0, failed: 1, notes };
  }
  const passed = result.numPassedTests ?? 0;
  let failed = result.numFailedTests ?? 0;
  const crashedSuites = result.numRuntimeErrorTestSuites ?? 0;
  if (crashedSuites) {
    failed += crashedSuites;
    notes.push(`${crashedSuites} test file(s) failed to run (counted as failures)`);
  }
  if ((result.numTotalTests ?? 0) === 0 && !crashedSuites) {
    failed += 1;
    notes.push('ran no test (counted as a failure)');
  } else if (failed === 0 && (timedOut || signal || code !== 0 || result.success === false)) {
    failed += 1;
    notes.push(`jest ended with ${timedOut ? 'a timeout' : (signal ?? `exit code ${code}`)} although no test failed (counted as a failure)`);
  }
  return { passed, failed, notes };
}

// ANSI colour codes, which jest puts in its failure messages.
const ANSI = /\u001b\[[0-9;]*m/g;

/** The first line of a failure message that says something (jest's first line is often blank or a `●` title). */
function firstLine(message) {
  const line = String(message ?? '')
    .replace(ANSI, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith('●'));
  return line ? (line.length > 160 ? `${line.slice(0, 159)}…` : line) : '';
}

/**
 * One line per failed test, and per test file that failed to run, from jest's --json output:
 * `path/of/file › full test name: first line of the error`, paths relative to rootDir. The CI log keeps only
 * its tail, so scripts/test.mjs and .ci/run repeat these lines last, where a reader of the tail sees them.
 * @param {object|null} result
 * @param {string} rootDir
 * @returns {string[]}
 */
export function failureLines(result, rootDir) {
  const lines = [];
  for (const file of result?.testResults ?? []) {
    const name = file.name?.startsWith(`${rootDir}/`) ? file.name.slice(rootDir.length + 1) : String(file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failedTests) {
      const why = firstLine((test.failureMessages ?? []).join('\n'));
      lines.push(`${name} › ${test.fullName ?? test.title}${why ? `: ${why}` : ''}`);
    }
    if (!failedTests.length && (file.status === 'failed' || file.testExecError)) {
      const why = firstLine(file.testExecError?.message ?? file.message);
      lines.push(`${name} (the file failed to run)${why ? `: ${why}` : ''}`);
    }
  }
  return lines;
}
