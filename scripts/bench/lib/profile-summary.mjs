// Summarises a .cpuprofile (from cpu-profile-preload.mjs): self time by package / area and the
// hottest functions, as text lines. Usable alone: node scripts/bench/lib/profile-summary.mjs <file>
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The package or area a script URL belongs to: node_modules/<pkg>, apps/<x>, libs/<x>, node:internal, (gc), ... */
function areaOf(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native/builtin)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const m = /\/(apps|libs)\/([^/]+)\//.exec(url);
  if (m) return `${m[1]}/${m[2]}`;
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  return url.split('/').slice(-2).join('/');
}

export function summarizeProfile(file, { top = 15 } = {}) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  for (const id of profile.samples) self.set(id, (self.get(id) ?? 0) + 1);
  const total = profile.samples.length || 1;
  const areas = new Map();
  const fns = new Map();
  let idle = 0;
  for (const [id, count] of self) {
    const n = byId.get(id);
    const { functionName, url, lineNumber } = n.callFrame;
    const name = functionName || '(anonymous)';
    if (name === '(idle)') {
      idle += count;
      continue;
    }
    const area = areaOf(url, name);
    areas.set(area, (areas.get(area) ?? 0) + count);
    const key = `${name} ${url ? `${url.split('/').slice(-2).join('/')}:${lineNumber + 1}` : ''}`.trim();
    fns.set(key, (fns.get(key) ?? 0) + count);
  }
  const busy = total - idle;
  const pct = (c) => `${((100 * c) / (busy || 1)).toFixed(1)} %`.padStart(7);
  const lines = [`${busy} busy samples of ${total} (${((100 * busy) / total).toFixed(0)} % busy); shares of busy time:`];
  lines.push('  by area (self time):');
  for (const [a, c] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, top)) lines.push(`    ${pct(c)}  ${a}`);
  lines.push('  hottest functions (self time):');
  for (const [f, c] of [...fns].sort((x, y) => y[1] - x[1]).slice(0, top)) lines.push(`    ${pct(c)}  ${f}`);
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of summarizeProfile(process.argv[2], { top: Number(process.argv[3] ?? 20) })) console.log(line);
}
