import { useTranslation } from 'react-i18next';
import { ContactSupport } from '../../components/ContactSupport';
import type { KycView } from '@candor/contracts';
import { ErrorState, Loading, PageHeader } from '../../components';
import { useKyc, useLiveKyc } from '../../features/kyc/hooks';
import { KycForm } from '../../features/kyc/KycForm';
import { KycFacts, KycHero, KycReason, kycPhase } from '../../features/kyc/KycStatus';
import { errorText } from '../../lib/errors';

/** The page below the header for one state of the verification. */
function Body({ view }: { view: KycView }) {
  const phase = kycPhase(view);
  switch (phase) {
    case 'not_submitted':
      return (
        <>
          <section className="card">
            <KycHero phase={phase} />
          </section>
          <KycForm />
        </>
      );
    case 'rejected':
      return (
        <>
          <section className="card">
            <KycHero phase={phase} />
            <KycReason view={view} />
          </section>
          {/* The number is only ever shown masked, so it is typed again; the name and nationality are kept. */}
          <KycForm key={view.attempt} initial={{ name: view.name, nationality: view.nationality }} />
        </>
      );
    case 'closed':
      return (
        <section className="card">
          <KycHero phase={phase} />
          <KycReason view={view} />
          <KycFacts view={view} />
          <ContactSupport />
        </section>
      );
    case 'pending':
    case 'verified':
      return (
        <section className="card">
          <KycHero phase={phase} />
          <KycFacts view={view} />
        </section>
      );
  }
}

/** /pages/verify/verify: real-name verification; a reviewer's decision shows at once (the `kyc` socket event). */
export default function VerifyPage() {
  const { t } = useTranslation('verify');
  const kyc = useKyc();
  useLiveKyc();
  return (
    <main className="page" data-testid="verify-page">
      <PageHeader title={t('title')} back />
      <div className="page__body">
        {kyc.isPending ? (
          <Loading />
        ) : kyc.isError ? (
          <ErrorState message={errorText(kyc.error, t)} onRetry={() => void kyc.refetch()} />
        ) : (
          <Body view={kyc.data} />
        )}
      </div>
    </main>
  );
}
