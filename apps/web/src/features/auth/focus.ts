/** After a refused submit, keyboard and screen-reader users land on the first field to fix (its message is read with it). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
