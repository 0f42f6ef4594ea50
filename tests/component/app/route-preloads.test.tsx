/**
 * The build reads which page each route shows from the route table's source
 * (scripts/vite-route-preloads.ts, for the server's modulepreload header). Here that reading is
 * held against the table the app runs: every route with a page, its access and its page, in order.
 * A route written in a shape the reading does not know fails here, not in a user's slow load.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeModules } from '../../../scripts/vite-route-preloads';
import { pages } from '../../../src/client/app/pages';
import { ROUTES } from '../../../src/client/app/routes';

const clientRoot = path.resolve(__dirname, '../../../src/client');

describe('the route table as the build reads it', () => {
  it('names every route, its access and its page as the app has them', () => {
    const keyOf = new Map(Object.entries(pages).map(([key, page]) => [page, key]));
    const running = ROUTES.filter((r) => r.page).map((r) => ({
      path: r.path,
      access: r.access,
      page: keyOf.get(r.page!),
    }));
    const read = routeModules(clientRoot).map(({ path: p, access, page }) => ({ path: p, access, page }));
    expect(read).toEqual(running);
    expect(read.length).toBeGreaterThan(50);
  });

  it('finds each page module on disk, as the build names it', () => {
    const modules = routeModules(clientRoot);
    const portfolio = modules.find((m) => m.path === '/property-portfolio');
    expect(portfolio?.module).toBe(path.join(clientRoot, 'pages/many/portfolio-table-page.tsx'));
    expect(modules.filter((m) => m.page === 'factSection').length).toBe(12);
  });
});
