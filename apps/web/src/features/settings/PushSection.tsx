import { useTranslation } from 'react-i18next';
import { PUSH_KINDS, type PushKind } from '@candor/contracts';
import { Button, ErrorState, Loading, useToast } from '../../components';
import { errorText } from '../../lib/errors';
import { useDisablePush, useEnablePush, usePushState, useSetPushKinds } from './push';
import switches from '../../components/switch.module.css';

/**
 * Web Push on this device: turn on (the browser asks permission; then it subscribes with the server's key), choose
 * the kinds, turn off (unsubscribe and remove). Nothing is sent without both the permission and a subscription.
 */
export function PushSection() {
  const { t } = useTranslation('user');
  const toast = useToast();
  const state = usePushState();
  const enable = useEnablePush();
  const disable = useDisablePush();
  const setKinds = useSetPushKinds();

  const turnOn = () =>
    enable.mutate(undefined, {
      onSuccess: (s) => {
        if (s.status === 'on') toast.success(t('push.turnedOn'));
        else if (s.status === 'denied' || s.status === 'off') toast.error(t('push.notAllowed'));
      },
      onError: (err) => toast.error(errorText(err, t)),
    });

  let body;
  if (state.isPending) body = <Loading />;
  else if (state.isError) body = <ErrorState message={errorText(state.error, t)} onRetry={() => void state.refetch()} />;
  else {
    const s = state.data;
    if (s.status === 'unsupported' || s.status === 'denied' || s.status === 'unavailable')
      body = (
        <p className="section-note" role="status" data-testid={`push-${s.status}`}>
          {t(`push.${s.status}`)}
        </p>
      );
    else if (s.status === 'off')
      body = (
        <Button block loading={enable.isPending} onClick={turnOn} data-testid="push-on">
          {t('push.turnOn')}
        </Button>
      );
    else if (s.status === 'on') {
      const { id, kinds } = s;
      const toggle = (kind: PushKind, on: boolean) =>
        setKinds.mutate(
          { id, kinds: PUSH_KINDS.filter((k) => (k === kind ? on : kinds.includes(k))) },
          { onSuccess: () => toast.success(t('push.saved')), onError: (err) => toast.error(errorText(err, t)) },
        );
      body = (
        <>
          <p className="section-note" data-testid="push-enabled">
            {t('push.on')} · {t('push.kindsNote')}
          </p>
          <ul className={switches.switchList} aria-labelledby="push-title">
            {PUSH_KINDS.map((kind) => (
              <li key={kind}>
                <label className={switches.switchRow}>
                  <span>{t(`push.kind.${kind}`)}</span>
                  <input
                    type="checkbox"
                    role="switch"
                    className={switches.switch}
                    checked={kinds.includes(kind)}
                    onChange={(e) => toggle(kind, e.target.checked)}
                    disabled={setKinds.isPending}
                    data-testid={`push-kind-${kind}`}
                  />
                </label>
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            block
            loading={disable.isPending}
            onClick={() => disable.mutate(id, { onSuccess: () => toast.success(t('push.turnedOff')), onError: (err) => toast.error(errorText(err, t)) })}
            data-testid="push-off"
          >
            {t('push.turnOff')}
          </Button>
        </>
      );
    }
  }

  return (
    <section className="card settings-section" aria-labelledby="push-title" data-testid="push-section">
      <h2 className="section-title" id="push-title">
        {t('push.title')}
      </h2>
      <p className="section-note">{t('push.note')}</p>
      {body}
    </section>
  );
}
