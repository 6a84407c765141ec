import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ConfirmDialog, useToast } from '../../components';
import { errorText } from '../../lib/errors';
import { useDemoReset } from './hooks';

/** Puts the demo balance back to its start (POST /api/demo/reset), after a confirmation. */
export function DemoResetButton({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const { t } = useTranslation('trade');
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const reset = useDemoReset();
  return (
    <>
      <Button variant="text" size={size} onClick={() => setOpen(true)} data-testid="demo-reset">
        {t('demo.reset')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('demo.resetTitle')}
        message={t('demo.resetMessage')}
        confirmLabel={t('demo.resetConfirm')}
        busy={reset.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setOpen(false);
              toast.success(t('demo.resetDone'));
            },
            onError: (e) => toast.error(errorText(e, t)),
          })
        }
      />
    </>
  );
}
