/** Public API of the posts feature (docs/spec.md section 2 "Posts": /news, /press, /{postSlug}). */
export { getPosts } from './api/getPosts';
export { PostList } from './components/PostList';
export { PostArticle } from './components/PostArticle';
export { PostDate } from './components/PostDate';
