import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { normalizeIdentity, type IdentityField, type IdentityInput } from '@candor/domain';
import { Button, Field, FormAlert } from '../../components';
import { asksForSupport, ContactSupport } from '../../components/ContactSupport';
import { ImagePicker, type ImagePickerLabels } from '../../components/ImagePicker';
import { ProgressBar } from '../../components/ProgressBar';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { kycKeys } from '../../lib/queryKeys';
import { checkImageFile, imageProblemKey } from '../../lib/upload';
import { useSubmitKyc } from './hooks';
import { defaultNationality, identityProblems, problemKey } from './identity';
import { NationalitySelect } from './NationalitySelect';
import { fieldOfServerError, type KycFormField } from './serverErrors';
import styles from './kyc.module.css';

type Side = 'front' | 'back';
type Messages = Partial<Record<KycFormField, string>>;

function focusFirstInvalid(): void {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid=kyc-form] [aria-invalid=true]')?.focus());
}

/** The photo half of the form: the front and the back of the document, each checked on the device when chosen. */
function Photos({
  files,
  errors,
  disabled,
  onPick,
}: {
  files: Record<Side, File | null>;
  errors: Messages;
  disabled: boolean;
  onPick(side: Side, file: File): void;
}) {
  const { t } = useTranslation('verify');
  const labels: ImagePickerLabels = {
    take: t('photo.take'),
    choose: t('photo.choose'),
    retake: t('photo.retake'),
    replace: t('photo.replace'),
    empty: t('photo.empty'),
  };
  return (
    <section className="card form" aria-labelledby="kyc-photos-title">
      <h2 className="section-title" id="kyc-photos-title">
        {t('section.photos')}
      </h2>
      <p className={styles.note}>{t('hint.photo')}</p>
      <div className={styles.photos}>
        {(['front', 'back'] as const).map((side) => (
          <ImagePicker
            key={side}
            name={side}
            label={t(`field.${side}`)}
            hint={t(`hint.${side}`)}
            file={files[side]}
            onPick={(file) => onPick(side, file)}
            error={errors[side]}
            disabled={disabled}
            labels={labels}
          />
        ))}
      </div>
    </section>
  );
}

/** The typed half of the form: nationality first (the other rules follow it), then the name and the ID number. */
function IdentityFields({
  values,
  errorOf,
  disabled,
  onChange,
  onBlur,
}: {
  values: IdentityInput;
  errorOf(f: IdentityField): string | null;
  disabled: boolean;
  onChange(f: IdentityField, v: string): void;
  onBlur(f: IdentityField): void;
}) {
  const { t } = useTranslation('verify');
  return (
    <section className="card form" aria-labelledby="kyc-identity-title">
      <h2 className="section-title" id="kyc-identity-title">
        {t('section.identity')}
      </h2>
      <NationalitySelect
        value={values.nationality}
        onChange={(v) => {
          onChange('nationality', v);
          onBlur('nationality');
        }}
        error={errorOf('nationality')}
        disabled={disabled}
      />
      <Field
        label={t('field.name')}
        name="name"
        autoComplete="name"
        maxLength={100}
        placeholder={t('prompt.name')}
        value={values.name}
        onChange={(e) => onChange('name', e.target.value)}
        onBlur={() => onBlur('name')}
        error={errorOf('name')}
        disabled={disabled}
      />
      <Field
        label={t('field.idNumber')}
        name="idNumber"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        placeholder={t('prompt.idNumber')}
        value={values.idNumber}
        onChange={(e) => onChange('idNumber', e.target.value)}
        onBlur={() => onBlur('idNumber')}
        error={errorOf('idNumber')}
        disabled={disabled}
      />
    </section>
  );
}

/**
 * The verification form: nationality, name and ID number checked by the domain's rules as the user types
 * (once a field was left or a submit tried), the two photos previewed and checked, then one multipart upload
 * with its progress. A refusal is shown at the field it names. `initial` prefills a resubmission.
 */
export function KycForm({ initial }: { initial?: { name: string | null; nationality: string | null } }) {
  const { t, i18n } = useTranslation('verify');
  const qc = useQueryClient();
  const submit = useSubmitKyc();
  const [values, setValues] = useState<IdentityInput>(() => ({
    name: initial?.name ?? '',
    idNumber: '',
    nationality: initial?.nationality ?? defaultNationality(i18n.resolvedLanguage ?? i18n.language),
  }));
  const [touched, setTouched] = useState<Partial<Record<IdentityField, boolean>>>({});
  const [tried, setTried] = useState(false);
  const [files, setFiles] = useState<Record<Side, File | null>>({ front: null, back: null });
  const [server, setServer] = useState<Messages>({});
  const [fileErrors, setFileErrors] = useState<Messages>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [alertAsksSupport, setAlertAsksSupport] = useState(false);
  const busy = submit.isPending;

  const problems = identityProblems(values);
  const fieldError = (f: IdentityField): string | null => {
    if (server[f]) return server[f];
    const code = problems[f];
    return code && (touched[f] || tried) ? t(problemKey(f, code, values.nationality)) : null;
  };
  const photoErrors: Messages = {
    front: fileErrors.front ?? (tried && !files.front ? t('image.missing_front') : undefined),
    back: fileErrors.back ?? (tried && !files.back ? t('image.missing_back') : undefined),
  };
  const set = (f: IdentityField, v: string) => {
    setValues((old) => ({ ...old, [f]: v }));
    setServer((old) => ({ ...old, [f]: undefined }));
  };
  const blur = (f: IdentityField) => setTouched((old) => ({ ...old, [f]: true }));
  const pick = (side: Side, file: File) => {
    const problem = checkImageFile(file);
    const key = problem ? imageProblemKey(problem, side) : null;
    setFileErrors((old) => ({ ...old, [side]: key ? t(key) : undefined }));
    setFiles((old) => ({ ...old, [side]: key ? null : file }));
  };

  const onError = (err: unknown) => {
    const at = fieldOfServerError(err, values.nationality);
    const text = at?.key ? t(at.key) : errorText(err, t);
    if (at?.field === 'front' || at?.field === 'back') setFileErrors((old) => ({ ...old, [at.field]: text }));
    else if (at) setServer((old) => ({ ...old, [at.field]: text }));
    else setAlert(text);
    setAlertAsksSupport(!at && asksForSupport(err));
    // Submitted elsewhere meanwhile, or closed by a reviewer: the page shows the state the server has.
    if (isApiError(err) && (err.code === 'KYC_ALREADY_SUBMITTED' || err.code === 'KYC_CLOSED')) void qc.invalidateQueries({ queryKey: kycKeys.status });
    focusFirstInvalid();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    setAlert(null);
    const { front, back } = files;
    if (Object.keys(problems).length > 0 || !front || !back) {
      focusFirstInvalid();
      return;
    }
    submit.mutate({ identity: normalizeIdentity(values), front, back }, { onError });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="kyc-form">
      <IdentityFields values={values} errorOf={fieldError} disabled={busy} onChange={set} onBlur={blur} />
      <Photos files={files} errors={photoErrors} disabled={busy} onPick={pick} />
      <p className={styles.note}>{t('privacy')}</p>
      <FormAlert message={alert}>{alertAsksSupport ? <ContactSupport /> : null}</FormAlert>
      {busy ? (
        <ProgressBar
          percent={submit.progress ?? 0}
          label={t('progressLabel')}
          text={(submit.progress ?? 0) < 100 ? t('uploading') : t('processing')}
          testId="kyc-progress"
        />
      ) : null}
      <Button type="submit" block loading={busy} data-testid="kyc-submit">
        {t('submit')}
      </Button>
    </form>
  );
}
