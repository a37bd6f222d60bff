/** Public API of the newsletter feature (docs/spec.md section 2: footer form and the ?newsletter modal; the pages the mails' links open). */
export { NewsletterSignup } from './components/NewsletterSignup';
export { NewsletterModal } from './components/NewsletterModal';
export { NewsletterForm } from './components/NewsletterForm';
export { NewsletterLinkPage } from './components/NewsletterLinkPage';
