// The ALTCHA web component with its stylesheet and proof-of-work workers: one chunk, loaded only by the forms
// that send a proof-of-work (useProofOfWork). `altcha/external` leaves the workers out of the component, and Vite
// emits each `?worker` as a file of this origin: the page's Content-Security-Policy (no worker-src, so
// script-src 'self') lets them run, where the default build's blob: workers would be refused.
import 'altcha/external';
import 'altcha/altcha.css';
import ShaWorker from 'altcha/workers/sha?worker';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

for (const name of ['SHA-256', 'SHA-384', 'SHA-512']) $altcha.algorithms.set(name, () => new ShaWorker());
for (const name of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) $altcha.algorithms.set(name, () => new Pbkdf2Worker());

export type AltchaWidget = HTMLElementTagNameMap['altcha-widget'];

export interface WidgetOptions {
  /** Where the widget asks for a challenge (same origin). */
  challengeUrl: string;
  /** The widget's own texts, in the app's language, registered under `language`. */
  language: string;
  strings: Record<string, string>;
  onState: (state: string) => void;
  onVerified: (payload: string) => void;
}

/** Registers the app's texts for the widget under `language` (it looks them up by that code). */
export function setWidgetStrings(language: string, strings: Record<string, string>): void {
  $altcha.i18n.set(language, strings);
}

/**
 * An invisible widget in `container` that fetches a challenge and solves it in Web Workers as soon as it is
 * attached. Attributes are set before it is attached, so its first challenge already comes from our api.
 */
export function createWidget(container: HTMLElement, options: WidgetOptions): AltchaWidget {
  setWidgetStrings(options.language, options.strings);
  const el = document.createElement('altcha-widget');
  el.setAttribute('name', 'altcha');
  el.setAttribute('challenge', options.challengeUrl);
  el.setAttribute('auto', 'onload');
  el.setAttribute('display', 'invisible');
  el.setAttribute('language', options.language);
  // No artificial delay (the form shows its own progress), no pointer tracking, no link to the vendor's site.
  el.setAttribute('configuration', JSON.stringify({ minDuration: 0, humanInteractionSignature: false, hideFooter: true, hideLogo: true }));
  el.addEventListener('statechange', (ev) => options.onState(String((ev as CustomEvent<{ state?: string }>).detail?.state ?? '')));
  el.addEventListener('verified', (ev) => {
    const payload = (ev as CustomEvent<{ payload?: string }>).detail?.payload;
    if (payload) options.onVerified(payload);
  });
  container.appendChild(el);
  return el;
}
