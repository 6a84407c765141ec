import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorPermission } from '@candor/contracts';
import { useOperator } from '../lib/auth/AuthProvider';
import { can } from '../lib/auth/access';

/**
 * A screen for the operators the api serves it to. The menu hides what a role lacks; one who reaches
 * the screen by its address gets an explanation instead of a page of 403s.
 */
export function PermissionGate({ permission, children }: { permission: OperatorPermission; children: ReactNode }) {
  const { t } = useTranslation();
  const operator = useOperator();
  if (can(operator, permission)) return <>{children}</>;
  return (
    <p className="notice notice-info" data-testid="role-not-allowed">
      {t('access.notAllowed', { role: t(`roles.${operator.role}`) })}
    </p>
  );
}
