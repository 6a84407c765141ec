import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components';
import { Article } from '../../features/content/Article';

export const RIGHTS_SECTIONS = ['access', 'correct', 'export', 'password', 'withdraw', 'close', 'risk'] as const;

/** `/pages/yinsi/gy`: the user's rights and the risk notice. */
export default function RightsPage() {
  const { t } = useTranslation('content');
  return (
    <main className="page" data-testid="rights-page">
      <PageHeader title={t('rights.title')} back />
      <div className="page__body">
        <div className="card">
          <Article base="rights" sections={RIGHTS_SECTIONS} />
        </div>
      </div>
    </main>
  );
}
