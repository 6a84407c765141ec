/**
 * The HTML a content body may hold: the same allow-list as `CONTENT_HTML` in @candor/contracts (the server
 * applies it with sanitize-html on save). Copied here because the contracts' content module also builds zod
 * schemas, and the web keeps zod out of the pages that show content; allowList.spec.ts fails when the copies
 * differ.
 */
export const CONTENT_HTML = {
  tags: ['h2', 'h3', 'h4', 'p', 'br', 'ul', 'ol', 'li', 'a', 'img', 'strong', 'b', 'em', 'i', 'blockquote'] as const,
  attributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'] } as Record<string, readonly string[]>,
  schemes: ['https', 'http', 'mailto'] as const,
} as const;

export type ContentTag = (typeof CONTENT_HTML.tags)[number];
