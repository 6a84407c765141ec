import { i18n } from '../../lib/i18n';

/** A nationality code with its name in the console's language ("TW · Taiwan"); the code alone where the browser has no name. */
export function nationalityLabel(code: string): string {
  try {
    const name = new Intl.DisplayNames([i18n.language], { type: 'region' }).of(code);
    return name && name !== code ? `${code} · ${name}` : code;
  } catch {
    return code;
  }
}
