import { getPosts, PostList } from '@/features/posts';
import { POST_CATEGORY, SITE_NAME } from '@/config/site';
import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from '@/lib/router';
import type { WpPost } from '@/types/api';

/** A post list route: the category's posts (docs/spec.md section 2: /news 23, /press 22) with excerpts. */
function postListRoute(category: number, title: string): Pick<RouteObject, 'loader' | 'Component'> {
  return {
    loader: async ({ request }: LoaderFunctionArgs) => ({ posts: await getPosts(category, request.signal) }),
    Component() {
      const { posts } = useLoaderData<{ posts: WpPost[] }>();
      return (
        <>
          <title>{`${title} – ${SITE_NAME}`}</title>
          <PostList title={title} posts={posts} />
        </>
      );
    },
  };
}

export const news = postListRoute(POST_CATEGORY.news, 'News');
export const press = postListRoute(POST_CATEGORY.press, 'Press');
