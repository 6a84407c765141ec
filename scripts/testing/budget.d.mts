import type { BrowserContext, Page } from 'playwright-core';

export const KIB: number;
export function firstVisitJs(
  context: BrowserContext,
  url: string,
  opts?: { settleMs?: number },
): Promise<{
  bytes: number;
  files: { url: string; bytes: number; encoding: string }[];
  api: { url: string; bytes: number; decoded: number; encoding: string }[];
}>;
export function axeViolations(page: Page): Promise<{ id: string; impact: 'minor' | 'moderate' | 'serious' | 'critical'; help: string; targets: string[] }[]>;
export function smallTapTargets(page: Page, min?: number): Promise<string[]>;
export function layoutsPerTick(page: Page, url: string, opts?: { settleMs?: number; ms?: number }): Promise<{ ticks: number; layouts: number }>;
export function layoutShiftOver(page: Page, ms: number): Promise<{ value: number; sources: string[] }>;
export interface LighthouseRun {
  performance: number;
  accessibility: number;
  metrics: Record<string, string | null>;
  benchmarkIndex: number;
  /** What a page fault cost the host just before the run, in microseconds (pageFaultMicros). */
  faultMicros: number;
  lost: string[];
}
export function lighthouseScores(opts: {
  base: string;
  routes: string[];
  runs?: number;
  min?: number;
  login?: { email: string; password: string };
}): Promise<{ route: string; performance: number; accessibility: number; runs: LighthouseRun[]; errors: string[] }[]>;
export const LIGHTHOUSE_HOST_FLOOR: number;
export const LIGHTHOUSE_FAULT_CEILING_US: number;
export function pageFaultMicros(opts?: { pages?: number; trials?: number }): number;
export function performanceVerdict(
  result: { runs: (Pick<LighthouseRun, 'performance' | 'benchmarkIndex'> & { faultMicros?: number })[] },
  opts?: { min?: number; hostFloor?: number; faultCeiling?: number; mode?: 'host' | 'enforce' | 'report' },
): { verdict: 'pass' | 'fail' | 'unjudged'; reason: string };
