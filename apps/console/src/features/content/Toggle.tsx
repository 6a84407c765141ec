/** A checkbox shown as a switch (the console's .toggle styles); the whole label is the click target. */
export function Toggle({ label, hint, checked, onChange, name }: { label: string; hint?: string; checked: boolean; onChange(v: boolean): void; name: string }) {
  return (
    <label className="toggle">
      <input type="checkbox" role="switch" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={`toggle-${name}`} />
      <span className="toggle-track" aria-hidden="true" />
      <span className="toggle-text">
        <span>{label}</span>
        {hint ? <small className="muted">{hint}</small> : null}
      </span>
    </label>
  );
}
