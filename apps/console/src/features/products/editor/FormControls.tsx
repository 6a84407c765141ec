import type { ProductForm } from '../productForm';

/** What every section of the editor gets: the form, a way to change it, and a field's error message by path. */
export interface SectionProps {
  form: ProductForm;
  update: (p: Partial<ProductForm>) => void;
  err: (path: string) => string | null;
}

interface ToggleProps {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  name: string;
}

/** A checkbox shown as a switch; the whole label is the click target. */
export function Toggle({ label, hint, checked, onChange, name }: ToggleProps) {
  return (
    <label className="toggle">
      <input type="checkbox" role="switch" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span className="toggle-track" aria-hidden="true" />
      <span className="toggle-text">
        <span>{label}</span>
        {hint ? <small className="muted">{hint}</small> : null}
      </span>
    </label>
  );
}

export function FieldError({ text }: { text: string | null }) {
  return text ? <small className="field-error">{text}</small> : null;
}
