import { SITE_NAME } from '@/config/site';
import { loadNewsletterLinkPage } from '@/features/newsletter';
import type { RouteObject } from '@/lib/router';

// The link page is not in the shopper's first load; this route module resolves once it is here.
const { NewsletterLinkPage } = await loadNewsletterLinkPage();

/**
 * Where the newsletter mails' links land (double opt-in): /newsletter/confirm?token= and
 * /newsletter/unsubscribe?token=. Not for search engines, and no Referer with the token in it.
 */
function linkRoute(kind: 'confirm' | 'unsubscribe', title: string): Pick<RouteObject, 'Component'> {
  return {
    Component() {
      return (
        <>
          <title>{`${title} – ${SITE_NAME}`}</title>
          <meta name="robots" content="noindex" />
          <meta name="referrer" content="no-referrer" />
          <NewsletterLinkPage kind={kind} />
        </>
      );
    },
  };
}

export const confirm = linkRoute('confirm', 'Newsletter confirmation');
export const unsubscribe = linkRoute('unsubscribe', 'Unsubscribe');
