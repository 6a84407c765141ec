/** Writes `<file>.br` and `<file>.gz` next to each compressible file under `dir`; a copy that is not smaller is not written. */
export function precompressDir(dir: string): Promise<{ files: number; bytes: number; br: number; gz: number }>;
export const COMPRESSIBLE: RegExp;
export const MIN_BYTES: number;
