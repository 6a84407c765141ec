import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorPermission } from '@candor/contracts';
import { useOperator } from '../../auth/AuthProvider';
import { can } from '../../auth/access';

/** A page for the operators the api serves it to; others (who reach it by address) get an explanation instead of a 403. */
export function OperatorGate({ permission, children }: { permission: OperatorPermission; children: ReactNode }) {
  const { t } = useTranslation('consoleOperators');
  const { t: tc } = useTranslation();
  const operator = useOperator();
  if (can(operator, permission)) return <>{children}</>;
  return (
    <p className="notice notice-info" data-testid="role-not-allowed">
      {t('notAllowed', { role: tc(`roles.${operator.role}`) })}
    </p>
  );
}
