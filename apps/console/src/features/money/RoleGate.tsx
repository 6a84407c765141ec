import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorRole } from '@candor/contracts';
import { useOperator } from '../../auth/AuthProvider';

/** A page for the roles the api serves it to; others (who reach it by address) get an explanation instead of a 403. */
export function RoleGate({ roles, children }: { roles: readonly OperatorRole[]; children: ReactNode }) {
  const { t } = useTranslation(['consoleMoney', 'console']);
  const operator = useOperator();
  if (roles.includes(operator.role)) return <>{children}</>;
  return (
    <p className="notice notice-info" data-testid="role-not-allowed">
      {t('common.notAllowed', { role: t(`console:roles.${operator.role}`) })}
    </p>
  );
}
