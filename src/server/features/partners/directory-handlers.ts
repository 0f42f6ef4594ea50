import { notFound } from '../../plugins/errors.js';
import { caller, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { propertiesOfAccount } from '../properties/index.js';
import { sideOf } from './contracts.js';
import { directoryQueries, type OperatorStatesOf } from './directory-queries.js';

export type { OperatorStatesOf };
import { findPartnerAccount } from './partners.js';

/** The directory, my partners, an operator's contracted properties, a hotel's properties for a proposal, my contracts. */
export function directoryHandlers(services: Services, operatorStates: OperatorStatesOf): HandlerMap {
  const db = services.db.kysely;
  const queries = directoryQueries(services, operatorStates);
  return {
    async partnersDirectory(ctx) {
      return ok(await queries.directory(sideOf(caller(ctx)), ctx.body ?? {}, ctx.query.page ?? 1));
    },

    async partnersMyPartners(ctx) {
      return ok(await queries.myPartners(sideOf(caller(ctx))));
    },

    async partnersProperties(ctx) {
      return ok(await queries.contractedProperties(caller(ctx), ctx.body ?? {}, ctx.query.page ?? 1));
    },

    async partnersDirectoryProperties(ctx) {
      const hotel = await findPartnerAccount(db, ctx.params.id, 'accommodation');
      if (!hotel) throw notFound();
      return ok(await propertiesOfAccount(db, hotel.id));
    },

    async partnersMyContracts(ctx) {
      return ok(await queries.myContracts(sideOf(caller(ctx)), ctx.body ?? {}, ctx.query.page ?? 1));
    },
  };
}
