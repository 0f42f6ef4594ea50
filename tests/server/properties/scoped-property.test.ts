/**
 * A property-scoped call's handler takes the property as its scope check read it for this request
 * (scopedProperty), instead of reading it again (issue 39: the stop-sale month read it twice). A
 * ScopedProperty the guard did not make is read and checked again: another account's is a 404.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import type { AuthContext } from '../../../src/server/routing/auth-context.js';
import { createPropertyGuard } from '../../../src/server/features/properties/store.js';
import { scopedProperty } from '../../../src/server/features/properties/index.js';

const ownerAuth = (accountId: number) => ({ accountId, properties: 'all' }) as unknown as AuthContext;

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`the scoped property (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it("is the scope check's own read for its request, and read again for any other", async () => {
      const owner = await signUp(t, { account_type: 'accommodation' });
      const other = await signUp(t, { account_type: 'accommodation' });
      const { id } = await createProperty(t, owner.token, { hotel_name: 'Casa Vieja' });
      const scoped = await createPropertyGuard(t.services)(ownerAuth(owner.id), id);
      // Renamed after the check: the request goes on with what its check read.
      await t.services.db.kysely
        .updateTable('properties')
        .set({ hotel_name: 'Casa Nueva' })
        .where('id', '=', id)
        .execute();
      expect((await scopedProperty(t.services, ownerAuth(owner.id), scoped)).hotel_name).toBe('Casa Vieja');
      // The same values in an object the guard did not answer: read again, and checked again.
      expect((await scopedProperty(t.services, ownerAuth(owner.id), { ...scoped })).hotel_name).toBe('Casa Nueva');
      await expect(scopedProperty(t.services, ownerAuth(other.id), { ...scoped })).rejects.toMatchObject({
        status: 404,
      });
    });
  });
}
