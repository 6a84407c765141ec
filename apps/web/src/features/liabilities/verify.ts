import { verifyLiabilitiesProof, type LiabilitiesProof, type ProofCheck } from '@candor/domain';

/** SHA-256 of a string's UTF-8 bytes with the browser's own crypto.subtle, as lowercase hex. */
export async function subtleSha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Recomputes the proof's root and total in this browser (the rules of libs/domain, hashed by crypto.subtle). */
export function verifyInBrowser(proof: LiabilitiesProof): Promise<ProofCheck> {
  return verifyLiabilitiesProof(proof, subtleSha256Hex);
}

/** Cents as a decimal string ("123456") to the wire's money text ("1234.56"), exact at any size. */
export function centsToMoney(cents: string): string {
  const n = BigInt(cents);
  const abs = n < 0n ? -n : n;
  return `${n < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Saves the proof as proof.json (what scripts/verify-liabilities.mjs reads). */
export function downloadProof(proof: LiabilitiesProof): void {
  const blob = new Blob([JSON.stringify(proof, null, 2) + '\n'], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = 'proof.json';
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
