import { Link, isRouteErrorResponse, useRouteError } from '@/lib/router';

/**
 * A route's error page: 'Page not found' for a 404 answer (an unknown product or page, an expected
 * outcome, so nothing is logged), 'Something went wrong' for anything else, which is a real
 * failure and logged as a console error (docs/spec.md section 8).
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <div className="container section placeholder">
      <h1>{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p className="muted">{notFound ? 'We could not find that page.' : 'Please try again in a moment.'}</p>
      <Link className="button" to="/">
        Back to the shop
      </Link>
    </div>
  );
}

/**
 * A screen-tall spinner: the whole app's place until the layout's data is in, and the page's
 * place below a painted layout until its chunk and data arrive on the first visit (a screen
 * tall, so the footer stays below the fold and nothing moves when the page arrives: CLS 0).
 */
export function AppLoading() {
  return (
    <div className="app-loading" role="status" aria-label="Loading">
      <span className="spinner" style={{ width: 28, height: 28 }} />
    </div>
  );
}
