export function compareDecimal(a: string, b: string): number;
export function checkReceipt(receipt: unknown, blocks: unknown[]): { problems: string[]; notes: string[] };
