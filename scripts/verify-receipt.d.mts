export function compareDecimal(a: string, b: string): number;
export function roundHalfUp(price: string, places: number): string;
export function marketsText(venues: unknown): string;
export function checkOpeningTerms(order: unknown, entry: unknown): string[];
export function checkReceipt(receipt: unknown, blocks: unknown[]): { problems: string[]; notes: string[] };
