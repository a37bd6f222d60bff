/** /contact: the 'Get In Touch' page (docs/spec.md section 2) with its intro from the CMS page 'contact' when it exists. */
import { ContactPage } from '@/features/contact';
import { BlockList, getPageBySlug } from '@/features/content-blocks';
import { SITE_NAME } from '@/config/site';
import { useLoaderData, type LoaderFunctionArgs } from '@/lib/router';

export async function loader({ request }: LoaderFunctionArgs) {
  const page = await getPageBySlug('contact', request.signal);
  return { page };
}

export function Component() {
  const { page } = useLoaderData<Awaited<ReturnType<typeof loader>>>();
  return (
    <>
      <title>{`Get In Touch – ${SITE_NAME}`}</title>
      <ContactPage introHtml={page?.content.rendered} />
      <BlockList blocks={page?.acf?.content} />
    </>
  );
}
