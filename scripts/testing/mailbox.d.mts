export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
}
/** Every mail sent to `address` so far, oldest first. */
export function mailsTo(address: string, dir?: string): Mail[];
/** The newest link to the web app's `page` in the mails to `address` after the first `after`, waiting for it. */
export function waitForLink(address: string, page: string, options?: { after?: number; timeoutMs?: number; dir?: string }): Promise<string>;
/** The token of a link made by the platform's mails. */
export function tokenOf(link: string): string;
