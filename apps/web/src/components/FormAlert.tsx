import type { ReactNode } from 'react';

/** The server's message above a form (nothing when there is none). */
export function FormAlert({ message, children }: { message: string | null; children?: ReactNode }) {
  if (!message) return null;
  if (!children) {
    return (
      <p className="form-alert" role="alert" data-testid="form-error">
        {message}
      </p>
    );
  }
  return (
    <div className="form-alert" role="alert" data-testid="form-error">
      <p>{message}</p>
      {children}
    </div>
  );
}
