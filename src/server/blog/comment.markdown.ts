/**
 * Comment Markdown → safe HTML: rendered with marked, then cleaned by sanitize-html with a strict
 * allow-list (paragraphs, emphasis, code, quotes, lists, and links to http/https/mailto only, which
 * open in a new tab with rel="nofollow ugc noopener"). Everything else is dropped or escaped.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const marked = new Marked({ gfm: true, breaks: true, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'iframe', 'title'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs['href'] ? { href: attribs['href'] } : {}),
        rel: 'nofollow ugc noopener',
        target: '_blank',
      },
    }),
  },
};

export function renderCommentMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return sanitizeHtml(html, SANITIZE).trim();
}
