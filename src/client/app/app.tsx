import { RouterProvider } from 'react-router-dom';
import type { createAppRouter } from './router';
import { Providers } from './providers';

/**
 * The app around its router. The router is made by the caller (main.tsx) once what the first
 * render needs is in: its loaders run as it is made, and a page the server rendered must find its
 * data in the query cache by then, not ask for it again.
 */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
