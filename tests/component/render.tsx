import { useState, type ReactElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { SnackbarProvider } from 'notistack';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createAppTheme } from '../../src/client/theme/theme';
import { I18nProvider } from '../../src/client/i18n';
import { LANGUAGE_KEY } from '../../src/client/i18n/chosen-language';
import type { Language } from '../../src/shared/i18n/languages';

/**
 * One component as the app shows it: the interface's language (English unless `language` names
 * another: chosen as a signed-out visitor's stored choice), the app's theme, a router at `path`, a query cache of its
 * own (no retries: a failed call shows at once) and the toasts' provider; and a user to act with.
 * Components that call the server get their data through what the test hands them (a fake
 * SectionHttp) or this cache, never a network.
 */
export function renderInApp(
  ui: ReactElement,
  {
    path = '/',
    user = userEvent.setup(),
    language,
    dataRouter = false,
  }: {
    path?: string;
    user?: UserEvent;
    language?: Language;
    /** A data router (createMemoryRouter) as the app's: what a page with a leave guard (useBlocker) needs. */
    dataRouter?: boolean;
  } = {},
): RenderResult & { user: UserEvent; queries: QueryClient } {
  // The set-up clears the storage after each test: the next one starts in English again.
  if (language) window.localStorage.setItem(LANGUAGE_KEY, language);
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queries}>
      <I18nProvider>
        <ThemeProvider theme={createAppTheme('light')}>
          <SnackbarProvider>
            {dataRouter ? (
              <DataRouter path={path}>{children}</DataRouter>
            ) : (
              <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
            )}
          </SnackbarProvider>
        </ThemeProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
  return Object.assign(render(ui, { wrapper: Wrapper }), { user, queries });
}

/** The app's kind of router, made once per render: a page's leave guard (useBlocker) needs it. */
function DataRouter({ path, children }: { path: string; children: ReactNode }) {
  const [router] = useState(() => createMemoryRouter([{ path: '*', element: children }], { initialEntries: [path] }));
  return <RouterProvider router={router} />;
}
