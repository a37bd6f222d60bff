import { Link, isRouteErrorResponse, useRouteError } from '@/lib/router';

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
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

export function AppLoading() {
  return (
    <div className="app-loading" role="status" aria-label="Loading">
      <span className="spinner" style={{ width: 28, height: 28 }} />
    </div>
  );
}
