import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api';
import { ROUTES } from '../lib/paths';

/** The error codes whose message asks the user to contact support: those show the way to the chat beside it. */
export const CONTACT_SUPPORT_CODES: ReadonlySet<string> = new Set(['KYC_ID_IN_USE', 'KYC_CLOSED', 'ACCOUNT_DISABLED']);
export const asksForSupport = (err: unknown): boolean => isApiError(err) && CONTACT_SUPPORT_CODES.has(err.code);

/** A link to the support chat, for messages that say "contact support". */
export function ContactSupport() {
  const { t } = useTranslation('support');
  return (
    <Link to={ROUTES.support} className="btn btn--text" data-testid="contact-support">
      {t('contact')}
    </Link>
  );
}
