import { createElement, useMemo, type ReactNode } from 'react';
import { sanitizeHtml, type SafeNode } from './sanitize';
import { mediaSrc, mediaSrcSet } from './media';
import styles from './content.module.css';

/** The width a picture in a body is shown at: the phone's column. */
const BODY_IMAGE_WIDTH = 360;

function render(nodes: SafeNode[]): ReactNode[] {
  return nodes.map((node, i) => {
    if (node.kind === 'text') return node.text;
    if (node.tag === 'br') return createElement('br', { key: i });
    if (node.tag === 'img') {
      const src = node.attrs.src!;
      return createElement('img', {
        key: i,
        ...node.attrs,
        src: mediaSrc(src, BODY_IMAGE_WIDTH),
        srcSet: mediaSrcSet(src),
        sizes: mediaSrcSet(src) ? '(max-width: 480px) 100vw, 480px' : undefined,
        alt: node.attrs.alt ?? '',
        loading: 'lazy',
        decoding: 'async',
      });
    }
    return createElement(node.tag, { key: i, ...node.attrs }, ...render(node.children));
  });
}

/**
 * The one component that shows stored HTML (news bodies, the privacy, rights and about pages): the HTML is
 * parsed and cut down to the content allow-list (sanitize.ts), then drawn as React elements. It never uses
 * dangerouslySetInnerHTML.
 */
export function SafeHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const nodes = useMemo(() => sanitizeHtml(html, window.location.origin), [html]);
  return (
    // inline-text: links inside running text are exempt from the 44 px tap-target rule, as WCAG 2.5.8 exempts them.
    <div className={`${styles.richText} inline-text${className ? ` ${className}` : ''}`} data-testid={testId}>
      {render(nodes)}
    </div>
  );
}
