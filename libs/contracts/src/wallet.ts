export interface Wallet {
  available: string;
  frozen: string;
  inOrders: string;
  earn: string;
  total: string;
  demo: string;
}
export interface CapitalRecord {
  id: string;
  entryNo: string;
  type: string;
  amount: string;
  balanceAfter: string;
  createdAt: string;
  ref: string | null;
  account: string;
}
