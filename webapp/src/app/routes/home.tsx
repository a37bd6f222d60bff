import { BlockList, getPageBySlug, hasImageBlock, PromoTiles } from '@/features/content-blocks';
import { SITE_NAME } from '@/config/site';
import { useLoaderData, type LoaderFunctionArgs } from '@/lib/router';

export async function loader({ request }: LoaderFunctionArgs) {
  return { page: await getPageBySlug('home', request.signal) };
}

export function Component() {
  const { page } = useLoaderData<Awaited<ReturnType<typeof loader>>>();
  const hero = page?.acf?.hero ?? [];
  return (
    <>
      <title>{`${SITE_NAME} – Gaming Peripherals`}</title>
      {!page && (
        <div className="container section">
          <h1>{SITE_NAME}</h1>
          <p className="muted">Gaming gear built for the last round.</p>
        </div>
      )}
      <BlockList blocks={hero} />
      <BlockList blocks={page?.acf?.content} startIndex={hero.length} imagePriority={!hasImageBlock(hero)} />
      <PromoTiles promos={page?.acf?.promos} />
    </>
  );
}
