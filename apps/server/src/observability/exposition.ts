/**
 * Merges Prometheus text expositions into one valid one: each metric family's `# HELP` and `# TYPE`
 * once, then all its samples together. BullMQ's `exportPrometheusMetrics()` answers per queue, each
 * with its own HELP and TYPE lines, which Prometheus refuses when they repeat.
 */
export function mergeExpositions(texts: readonly string[]): string {
  const families = new Map<string, { help?: string; type?: string; samples: string[] }>();
  const family = (name: string) => {
    let f = families.get(name);
    if (!f) families.set(name, (f = { samples: [] }));
    return f;
  };
  for (const text of texts) {
    for (const raw of text.split('\n')) {
      const line = raw.trim();
      if (!line) continue;
      const meta = /^# (HELP|TYPE) ([a-zA-Z_:][\w:]*)( .*)?$/.exec(line);
      if (meta) {
        const f = family(meta[2]!);
        if (meta[1] === 'HELP') f.help ??= line;
        else f.type ??= line;
        continue;
      }
      if (line.startsWith('#')) continue;
      const name = /^([a-zA-Z_:][\w:]*)/.exec(line)?.[1];
      if (!name) continue;
      // Samples of a histogram or summary (_bucket, _sum, _count) belong to the family already declared.
      const base = families.has(name)
        ? name
        : ([...families.keys()].find((k) => /_(bucket|sum|count|total|created)$/.test(name) && name.startsWith(`${k}_`)) ?? name);
      family(base).samples.push(line.replace(/,\s+/g, ','));
    }
  }
  const out: string[] = [];
  for (const f of families.values()) {
    if (f.help) out.push(f.help);
    if (f.type) out.push(f.type);
    out.push(...f.samples);
  }
  return out.length ? `${out.join('\n')}\n` : '';
}
