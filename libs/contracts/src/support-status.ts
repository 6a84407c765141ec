// Zod-free: the web app's chat badge loads it on every first visit (`@candor/contracts/support-status`).

/** A chat message's progress on the other side: `delivered` once their app loaded it, `read` once they read it. */
export type SupportStatus = 'sent' | 'delivered' | 'read';

const STATUS_RANK: Record<SupportStatus, number> = { sent: 0, delivered: 1, read: 2 };

/**
 * The further of two reports of one message's status: it only moves forward, and the reports race (a send's
 * answer can arrive after the socket said the other side read it), so a late `sent` never undoes `read`.
 */
export function furtherSupportStatus(a: SupportStatus, b: SupportStatus): SupportStatus {
  return STATUS_RANK[b] > STATUS_RANK[a] ? b : a;
}
