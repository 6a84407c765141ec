/** A user's identity verification (KYC) status, as stored on the user and shown to them and to operators. */
export type KycStatus = 'not_submitted' | 'pending' | 'verified' | 'rejected';
