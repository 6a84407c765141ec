import type { HttpReply } from '../common/http.js';

/**
 * Answers with an image the server stored: never cached (it is someone's document), never sniffed into
 * another type, shown inline under a plain file name, and sandboxed should a browser open it as a page.
 */
export function sendImage(reply: HttpReply, image: { data: Buffer; contentType: string }, filename: string): HttpReply {
  const name = filename.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100) || 'image';
  return reply
    .header('Content-Type', image.contentType)
    .header('Content-Length', image.data.length)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', `inline; filename="${name}"`)
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .send(image.data);
}
