import { notFound } from '../../plugins/errors.js';
import { caller, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { propertiesOfAccount } from '../properties/index.js';
import { sideOf } from './contracts.js';
import { contractedProperties, type OperatorStatesOf } from './contracted-properties.js';
import { searchDirectory } from './directory-search.js';
import { myContracts, myPartners } from './my-contracts.js';
import { findPartnerAccount } from './partners.js';

export type { OperatorStatesOf };

/** The directory, my partners, an operator's contracted properties, a hotel's properties for a proposal, my contracts. */
export function directoryHandlers(services: Services, operatorStates: OperatorStatesOf): HandlerMap {
  const db = services.db.kysely;
  return {
    async partnersDirectory(ctx) {
      return ok(await searchDirectory(services, sideOf(caller(ctx)), ctx.body ?? {}, ctx.query.page ?? 1));
    },

    async partnersMyPartners(ctx) {
      return ok(await myPartners(services, sideOf(caller(ctx))));
    },

    async partnersProperties(ctx) {
      return ok(await contractedProperties(services, operatorStates, caller(ctx), ctx.body ?? {}, ctx.query.page ?? 1));
    },

    async partnersDirectoryProperties(ctx) {
      const hotel = await findPartnerAccount(db, ctx.params.id, 'accommodation');
      if (!hotel) throw notFound();
      return ok(await propertiesOfAccount(db, hotel.id));
    },

    async partnersMyContracts(ctx) {
      return ok(await myContracts(services, sideOf(caller(ctx)), ctx.body ?? {}, ctx.query.page ?? 1));
    },
  };
}
