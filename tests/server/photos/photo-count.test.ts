import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { file, jpeg, uploaded } from '../../helpers/fixtures/uploaded-photos.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`photo counts on the property list (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it("counts each property's photos", async () => {
      const a = await signUp(t);
      const one = (await createProperty(t, a.token, { hotel_name: 'One' })).id;
      const two = (await createProperty(t, a.token, { hotel_name: 'Two' })).id;
      await uploaded(t, a.token, one, [file(await jpeg(), 'a.jpg'), file(await jpeg(), 'b.jpg')]);
      const list = (await t.api('GET', '/api/facts/properties/', { token: a.token })).json() as {
        id: number;
        photo_count: number;
      }[];
      expect(Object.fromEntries(list.map((p) => [p.id, p.photo_count]))).toEqual({ [one]: 2, [two]: 0 });
    });
  });
}
