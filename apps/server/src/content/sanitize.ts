import sanitizeHtml from 'sanitize-html';
import { CONTENT_HTML } from '@candor/contracts';

/** An image of our own media route (a content-hashed name, optionally a width). */
const OWN_MEDIA = /^\/api\/media\/[0-9a-f]{64}\.jpg(\?w=\d{1,4})?$/;
/** A link that leaves the app: an absolute http(s) address (browsers ignore leading blanks and accept `https:host`). */
const EXTERNAL = /^\s*https?:/i;
/** A protocol-relative address (browsers read `/\` like `//`): another origin without a scheme, refused. */
const PROTOCOL_RELATIVE = /^\s*[\\/][\\/]/;

/** Images only from our /api/media or over https; anything else (data:, http:, other paths) is dropped. */
function allowedImage(src: string | undefined): boolean {
  return !!src && (OWN_MEDIA.test(src) || /^https:\/\/[^\s]+$/i.test(src));
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...CONTENT_HTML.tags],
  // rel and target are only ever written by the transform below, never taken from the input.
  allowedAttributes: { ...CONTENT_HTML.attributes, a: [...(CONTENT_HTML.attributes.a ?? []), 'rel', 'target'] } as Record<string, string[]>,
  allowedSchemes: [...CONTENT_HTML.schemes],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // script, style, textarea and the like go with their text; other unknown tags leave their text behind.
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const { href, title } = attribs;
      const kept: Record<string, string> = {};
      if (href !== undefined && !PROTOCOL_RELATIVE.test(href)) kept.href = href;
      if (title !== undefined) kept.title = title;
      if (kept.href && EXTERNAL.test(kept.href)) Object.assign(kept, { rel: 'noopener noreferrer', target: '_blank' });
      return { tagName, attribs: kept };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !allowedImage(frame.attribs.src),
};

/**
 * The HTML the server keeps for a body an operator wrote: only CONTENT_HTML's tags, attributes and schemes;
 * links to other origins open in a new tab with rel="noopener noreferrer"; images only from /api/media or https.
 */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
