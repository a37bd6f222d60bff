/** Public API of the contact feature (docs/spec.md section 2 'Get In Touch'). */
export { ContactPage } from './components/ContactPage';
export { ContactForm } from './components/ContactForm';
