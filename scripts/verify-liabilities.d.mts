export function checkProof(proof: unknown): { problems: string[]; root?: string; total?: string };
