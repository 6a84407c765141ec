import { useTranslation } from 'react-i18next';
import { ContentPageView } from '../../features/content/ContentPageView';

/** `/pages/yinsi/gy`: the user's rights and the risk notice, as the operators keep them. */
export default function RightsPage() {
  const { t } = useTranslation('content');
  return <ContentPageView slug="rights" fallbackTitle={t('rights.title')} testId="rights-page" />;
}
