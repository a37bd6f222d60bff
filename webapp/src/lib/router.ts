/**
 * The one place the app imports routing from. react-router-dom is pinned to v7
 * (it is only a re-export of react-router and disappears in v8); swapping the
 * package later touches this file only.
 */
export {
  Link,
  NavLink,
  Outlet,
  Navigate,
  RouterProvider,
  ScrollRestoration,
  createBrowserRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  redirect,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useRouteLoaderData,
  useSearchParams,
  useRevalidator,
} from 'react-router-dom';
export type { LoaderFunctionArgs, RouteObject, NavigateFunction } from 'react-router-dom';
