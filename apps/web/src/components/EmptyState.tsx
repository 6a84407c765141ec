import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

export function EmptyState({ icon = 'inbox', title, description, action }: { icon?: IconName; title: string; description?: string; action?: ReactNode }) {
  return (
    <div className="state" data-testid="empty-state">
      <span className="state__icon">
        <Icon name={icon} size={34} />
      </span>
      <p className="state__title">{title}</p>
      {description ? <p className="state__text">{description}</p> : null}
      {action ? <div className="state__action">{action}</div> : null}
    </div>
  );
}
