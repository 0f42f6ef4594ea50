import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { ownerWithSubUser, signUp } from '../../helpers/accounts.js';
import { auditEvents, png, sendCompany } from '../../helpers/fixtures/team-and-company.js';

const FULL = {
  company: 'Ananas Hotels S.L.',
  website: 'www.ananas-hotels.example',
  contact_number: '+34 971 000 000',
  country: 'ES',
  state: 'PM',
  city: 'Palma',
  address: 'Passeig Marítim 1',
  description: 'Family-run beach hotels',
  about_us: 'Three hotels on Mallorca since 1987.',
  work_in_countries: ['ES', 'PT'],
  facebook: '@ananashotels',
  instagram: 'ananashotels',
  linked_in: 'https://www.linkedin.com/company/ananas-hotels',
  trustpilot: 'ananas-hotels.example',
  trip_advisor: 'https://www.tripadvisor.com/Hotel_Review-g187463',
};

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`company details and portfolio (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('answers user 0 while none exist, creates every field with a logo, then edits; a second create is 409', async () => {
      const owner = await signUp(t);
      const none = await t.api('GET', '/api/settings/company/', { token: owner.token });
      expect(none.statusCode).toBe(200);
      expect(none.json()).toMatchObject({ user: 0, company: '', logo: null, work_in_countries: [] });
      expect((await sendCompany(t, 'PUT', owner.token, { company: 'X', country: 'ES' })).statusCode).toBe(409);

      const made = await sendCompany(t, 'POST', owner.token, FULL, [
        { name: 'logo', value: await png(2000, 1000), filename: 'logo.png', contentType: 'image/png' },
      ]);
      expect(made.statusCode, made.body).toBe(201);
      const body = made.json();
      expect(body).toMatchObject({
        user: owner.id,
        company: 'Ananas Hotels S.L.',
        website: 'https://www.ananas-hotels.example',
        work_in_countries: ['ES', 'PT'],
        facebook: 'https://www.facebook.com/ananashotels',
        instagram: 'https://www.instagram.com/ananashotels',
        linked_in: 'https://www.linkedin.com/company/ananas-hotels',
        trustpilot: 'https://www.trustpilot.com/review/ananas-hotels.example',
        genuine: false,
        premium_active: false,
      });
      expect(body.logo).toMatch(new RegExp(`^/api/settings/portfolio/${owner.id}/logo/\\?v=`));
      const logo = await t.api('GET', body.logo, { token: owner.token });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      expect((await sharp(logo.rawPayload).metadata()).width).toBe(1024);

      expect((await sendCompany(t, 'POST', owner.token, FULL)).statusCode).toBe(409);

      const edited = await sendCompany(t, 'PUT', owner.token, {
        ...FULL,
        company: 'Ananas Group',
        work_in_countries: ['ES'],
        remove_logo: 'true',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ company: 'Ananas Group', work_in_countries: ['ES'], logo: null });
      expect((await t.api('GET', body.logo, { token: owner.token })).statusCode).toBe(404);
      expect((await t.api('GET', '/api/settings/company/', { token: owner.token })).json()).toEqual(edited.json());

      const trail = await auditEvents(t, owner.token, '?kind=settings');
      expect(trail.map((e) => e.summary)).toEqual(['Edited the company details', 'Added the company details']);
      expect(trail[0]!.changes).toEqual(
        expect.arrayContaining([
          { field: 'company', label: 'Company name', from: 'Ananas Hotels S.L.', to: 'Ananas Group' },
          { field: 'work_in_countries', label: 'Countries we work in', from: ['ES', 'PT'], to: ['ES'] },
          { field: 'logo', label: 'Logo', from: 'logo', to: null },
        ]),
      );
    });

    it('refuses bad inputs with 400s naming the field', async () => {
      const owner = await signUp(t);
      const missing = await sendCompany(t, 'POST', owner.token, { website: 'not a site' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        company: ["Enter the company's name."],
        country: ['This field is required.'],
        website: ['Enter a valid web address, e.g. https://www.example.com.'],
      });
      const bad = await sendCompany(t, 'POST', owner.token, {
        company: 'X',
        country: 'XX',
        work_in_countries: ['ES', 'ZZ'],
        contact_number: 'call me',
        facebook: 'a b',
        colour: 'red',
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json()).sort()).toEqual(['contact_number', 'country', 'facebook', 'work_in_countries']);
      expect(bad.headers['x-ignored-fields']).toBe('colour');
      const notImage = await sendCompany(t, 'POST', owner.token, { company: 'X', country: 'ES' }, [
        { name: 'logo', value: 'text', filename: 'logo.png', contentType: 'image/png' },
      ]);
      expect(notImage.json()).toEqual({ logo: ['"logo.png" is not a PNG, JPEG or WebP image.'] });
      const json = await t.api('POST', '/api/settings/company/create/', {
        token: owner.token,
        body: { company: 'X', country: 'XX' },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toEqual({ country: ['Choose a country.'] });
      expect((await t.api('GET', '/api/settings/company/', { token: owner.token })).json().user).toBe(0);
    });

    it('lets a sub-user with the company permission edit, not one without; portfolio is public to signed-in users', async () => {
      const { owner, sub } = await ownerWithSubUser(t, { company: true });
      const { sub: plain } = await ownerWithSubUser(t, {});
      expect((await sendCompany(t, 'POST', sub.token, { company: 'Made by sub', country: 'ES' })).statusCode).toBe(201);
      expect((await sendCompany(t, 'PUT', plain.token, { company: 'X', country: 'ES' })).statusCode).toBe(403);
      const mine = await t.api('GET', '/api/settings/company/', { token: owner.token });
      expect(mine.json()).toMatchObject({ user: owner.id, company: 'Made by sub' });

      const operator = await signUp(t, { account_type: 'to' });
      const seen = await t.api('GET', `/api/settings/portfolio/${owner.id}/`, { token: operator.token });
      expect(seen.statusCode).toBe(200);
      // Flat: the company's fields beside the account's id and account type; e-mail is the company's contact address (none chosen yet).
      expect(seen.json()).toMatchObject({
        id: owner.id,
        email: '',
        name: 'Made by sub',
        account_type: 'accommodation',
        genuine: false,
        premium_active: false,
        user: owner.id,
        company: 'Made by sub',
        country: 'ES',
      });
      const bare = await t.api('GET', `/api/settings/portfolio/${operator.id}/`, { token: owner.token });
      expect(bare.json()).toMatchObject({
        id: operator.id,
        account_type: 'to',
        user: 0,
        company: '',
        logo: null,
        work_in_countries: [],
      });
      expect((await t.api('GET', `/api/settings/portfolio/${sub.id}/`, { token: owner.token })).statusCode).toBe(404);
      expect((await t.api('GET', '/api/settings/portfolio/999999/', { token: owner.token })).statusCode).toBe(404);
      expect((await t.api('GET', `/api/settings/portfolio/${owner.id}/`)).statusCode).toBe(401);
      expect((await t.api('GET', `/api/settings/portfolio/${owner.id}/logo/`, { token: owner.token })).statusCode).toBe(
        404,
      );
    });
  });
}
