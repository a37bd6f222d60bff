/** Pages built in later issues: each renders a heading and a short note. */
import { Placeholder } from '@/components/Placeholder';
import { SITE_NAME } from '@/config/site';

const titled = (title: string, note?: string) =>
  function PlaceholderRoute() {
    return (
      <>
        <title>{`${title} – ${SITE_NAME}`}</title>
        <Placeholder title={title}>{note}</Placeholder>
      </>
    );
  };

export const ContactPage = titled('Get In Touch', 'The contact form is coming soon. Meanwhile, write to support[at]halvard.gg.');
