import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RootError } from './lazy/root-error';
import { RootLayout } from './root-layout';
import { RouteGuard } from './route-guard';
import { ROUTES } from './routes';
import { pages } from './pages';

const NotFound = pages.notFound;

function toRoute({ path, access, audience, page: Page = NotFound }: (typeof ROUTES)[number]): RouteObject {
  return {
    path,
    element: (
      <RouteGuard access={access} audience={audience}>
        <Page />
      </RouteGuard>
    ),
  };
}

/** Browser history (no hash), one layout around every route, not-found for the rest. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RootError />,
      children: [...ROUTES.map(toRoute), { path: '*', element: <NotFound /> }],
    },
  ]);
}
