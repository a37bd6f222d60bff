/** Public API of the newsletter feature (docs/spec.md section 2: footer form and the ?newsletter modal; the pages the mails' links open). */
export { NewsletterSignup } from './components/NewsletterSignup';
export { NewsletterModal } from './components/NewsletterModal';
export { NewsletterForm } from './components/NewsletterForm';
/**
 * The page the mails' links open, loaded with its route (not in the shopper's first load: every
 * page needs the footer form, only these two need the link page).
 */
export const loadNewsletterLinkPage = () => import('./components/NewsletterLinkPage');
