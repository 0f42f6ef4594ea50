import { notFound } from '../../plugins/errors.js';
import { caller, created, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { companyWire } from './company.js';
import { createCompany, editCompany } from './company-changes.js';
import { findCompany } from './company-store.js';
import { portfolioLogoKey, portfolioOf } from './portfolio.js';

/** Company details (form data with a logo, created once then edited) and the public portfolio. */
export function companyHandlers(services: Services): HandlerMap {
  const { storage } = services;
  const current = async (accountId: number) => companyWire(services, accountId, await findCompany(services, accountId));

  return {
    async settingsCompanyGet(ctx) {
      return ok(await current(caller(ctx).accountId));
    },

    async settingsCompanyCreate(ctx) {
      const auth = caller(ctx);
      await createCompany(services, auth, ctx.ip, ctx.body, ctx.files);
      return created(await current(auth.accountId));
    },

    async settingsCompanyEdit(ctx) {
      const auth = caller(ctx);
      await editCompany(services, auth, ctx.ip, ctx.body, ctx.files);
      return ok(await current(auth.accountId));
    },

    async settingsPortfolioGet(ctx) {
      return ok(await portfolioOf(services, ctx.params.id));
    },

    async settingsPortfolioLogo(ctx) {
      const key = await portfolioLogoKey(services, ctx.params.id);
      const file = key ? await storage.open(key) : undefined;
      if (!file) throw notFound();
      ctx.reply.header('cache-control', 'private, max-age=31536000, immutable');
      return { status: 200, file: file.stream, contentType: 'image/png' };
    },
  };
}
