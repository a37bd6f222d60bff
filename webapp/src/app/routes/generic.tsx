/**
 * The catch-all (and /{postSlug}): a page by slug, else a post by slug, else a
 * product by slug (old /wp/product/{slug} links), else a friendly 'Page not found'.
 */
import { getProductBySlug } from '@/features/catalog';
import { BlockList, getPageBySlug, getPostBySlug, hasImageBlock, PromoTiles } from '@/features/content-blocks';
import { PostArticle } from '@/features/posts';
import { PageHeading } from '@/components/PageHeading';
import { SafeHtml } from '@/components/SafeHtml';
import { paths } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { productPath } from '@/lib/products';
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from '@/lib/router';

export async function loader({ request }: Pick<LoaderFunctionArgs, 'request'>) {
  const segments = new URL(request.url).pathname.split('/').filter(Boolean);
  const slug = decodeURIComponent(segments[segments.length - 1] ?? '');
  if (!slug) return { kind: 'not-found' as const };
  const page = await getPageBySlug(slug, request.signal);
  if (page) return { kind: 'page' as const, page };
  const post = await getPostBySlug(slug, request.signal);
  if (post) return { kind: 'post' as const, post };
  if (segments.length === 1) {
    const product = await getProductBySlug(slug, request.signal);
    if (product) throw redirect(productPath(product));
  }
  return { kind: 'not-found' as const };
}

export type GenericPageData = Awaited<ReturnType<typeof loader>>;

/** The generic route module (the spec's content pages such as /resellers). */
export function Component() {
  return <Page data={useLoaderData<GenericPageData>()} />;
}

/** A content page, a post, or the not-found page (`data.kind`). */
export function Page({ data }: { data: GenericPageData }) {
  if (data.kind === 'page') {
    const { page } = data;
    const hero = page.acf?.hero ?? [];
    return (
      <>
        <title>{`${page.title.rendered} – ${SITE_NAME}`}</title>
        <BlockList blocks={hero} />
        {hero.length === 0 && !(page.acf?.content ?? []).some((b) => b.acf_fc_layout === 'hero_image') && (
          <div className="container section">
            <PageHeading title={<SafeHtml as="span" html={page.title.rendered} />} />
            <SafeHtml html={page.content.rendered} className="rich-text" />
          </div>
        )}
        <BlockList blocks={page.acf?.content} startIndex={hero.length} imagePriority={!hasImageBlock(hero)} />
        <PromoTiles promos={page.acf?.promos} />
      </>
    );
  }
  if (data.kind === 'post') {
    const { post } = data;
    return (
      <>
        <title>{`${post.title.rendered} – ${SITE_NAME}`}</title>
        <PostArticle post={post} />
      </>
    );
  }
  return <NotFound />;
}

/** The not-found page: every unknown URL shows it (the server answers those with HTTP 404, docs/spec.md section 2.1). */
export function NotFound() {
  return (
    <div className="container section placeholder">
      <title>{`Page not found – ${SITE_NAME}`}</title>
      <PageHeading kicker="404" title="Page not found">
        <p>We looked everywhere, but this page has left the game. Try the search, or start again from the home page.</p>
      </PageHeading>
      <Link className="button" to={paths.home}>
        Back to the shop
      </Link>
    </div>
  );
}
