/** Pages built in later issues: each renders a heading and a short note. */
import { Placeholder } from '@/components/Placeholder';
import { SITE_NAME } from '@/config/site';
import { useSearchParams } from '@/lib/router';

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
export const NewsPage = titled('News', 'The latest news is on its way.');
export const PressPage = titled('Press', 'Press releases are on their way.');
export const BuilderPage = titled('Custom Keyboard Builder', 'Loading configurator...');

export function SearchPage() {
  const [params] = useSearchParams();
  const query = params.get('query') ?? '';
  return (
    <>
      <title>{`Search – ${SITE_NAME}`}</title>
      <Placeholder title={`Search Results for "${query}"`}>Search results arrive in a later release.</Placeholder>
    </>
  );
}
