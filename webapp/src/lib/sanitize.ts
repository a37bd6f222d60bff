/** HTML from the content back end is sanitised before it reaches the page (docs/targets.md section 6.6). */
import DOMPurify from 'dompurify';

let hooked = false;

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  if (!hooked) {
    // Links opening a new tab must not leak window.opener.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}
