import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { ownerWithSubUser, signUp } from '../../helpers/accounts.js';
import { auditEvents } from '../../helpers/fixtures/team-and-company.js';

const DEFAULTS = {
  user: 0,
  audit_trail: false,
  partner_override_facts: true,
  overriding_moderation: null,
  fact_freshness_days: 180,
  two_factor_auth: false,
  theme: 'light',
  layout: 'comfortable',
  sidebar_color: 'ananas',
  pdf_layout: '',
  api_layout: '',
  add_logo: false,
  notify_partnership_request: true,
  notify_partnership_changes: true,
  notify_fact_sheet_changes: true,
  notify_fact_sheet_download: true,
  notify_fact_review: true,
  email_addresses: '',
  partnership_changes_mail: true,
  partnership_new_mail: true,
  features_offers_mail: false,
  plan: 'F',
};

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`preferences (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('answers the defaults with user 0 (plan F) until created; create then edit; 409 both ways', async () => {
      const owner = await signUp(t);
      const none = await t.api('GET', '/api/settings/preferences/', { token: owner.token });
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual(DEFAULTS);
      expect(
        (await t.api('PUT', '/api/settings/preferences/edit/', { token: owner.token, body: { theme: 'dark' } }))
          .statusCode,
      ).toBe(409);

      // The form sends back the whole document it was given, read-only fields included.
      const made = await t.api('POST', '/api/settings/preferences/create/', {
        token: owner.token,
        body: { ...DEFAULTS, sidebar_color: 'purple', overriding_moderation: 'D', pdf_layout: 'G' },
      });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json()).toEqual({
        ...DEFAULTS,
        user: owner.id,
        sidebar_color: 'purple',
        overriding_moderation: 'D',
        pdf_layout: 'G',
      });
      expect(
        (await t.api('POST', '/api/settings/preferences/create/', { token: owner.token, body: {} })).statusCode,
      ).toBe(409);

      // A page sends its own group only; the rest stays.
      const edited = await t.api('PUT', '/api/settings/preferences/edit/', {
        token: owner.token,
        body: {
          theme: 'dark',
          layout: 'compact',
          email_addresses: 'sales@example.com, info@example.com',
          notify_fact_review: false,
        },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toEqual({
        ...DEFAULTS,
        user: owner.id,
        sidebar_color: 'purple',
        overriding_moderation: 'D',
        pdf_layout: 'G',
        theme: 'dark',
        layout: 'compact',
        email_addresses: 'sales@example.com, info@example.com',
        notify_fact_review: false,
      });
      expect((await t.api('GET', '/api/settings/preferences/', { token: owner.token })).json()).toEqual(edited.json());
      const back = await t.api('PUT', '/api/settings/preferences/edit/', {
        token: owner.token,
        body: { overriding_moderation: null },
      });
      expect(back.json().overriding_moderation).toBeNull();

      const [change] = await auditEvents(t, owner.token, '?kind=settings');
      expect(change!.changes).toEqual([
        { field: 'overriding_moderation', label: 'Overriding moderation', from: 'D', to: null },
      ]);
    });

    it('refuses a bad colour, bad choices, bad e-mail addresses and wrong types, naming each field; ignores unknown fields', async () => {
      const owner = await signUp(t);
      const bad = await t.api('POST', '/api/settings/preferences/create/', {
        token: owner.token,
        body: {
          sidebar_color: 'pink',
          theme: 'sepia',
          pdf_layout: 'X',
          overriding_moderation: 'Z',
          email_addresses: 'sales@, nobody',
          audit_trail: 'maybe',
          colour: 'red',
        },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        sidebar_color: ['Choose one of ananas, purple, blue, green, orange, red.'],
        theme: ['Not a valid choice.'],
        pdf_layout: ['Not a valid choice.'],
        overriding_moderation: ['Not a valid choice.'],
        email_addresses: ['Enter e-mail addresses separated by commas, e.g. sales@example.com, info@example.com.'],
        audit_trail: ['Must be true or false.'],
      });
      expect(bad.headers['x-ignored-fields']).toBe('colour');
      for (const colour of ['ananas', 'purple', 'blue', 'green', 'orange', 'red']) {
        const res = await t.api(
          colour === 'ananas' ? 'POST' : 'PUT',
          `/api/settings/preferences/${colour === 'ananas' ? 'create' : 'edit'}/`,
          { token: owner.token, body: { sidebar_color: colour } },
        );
        expect(res.statusCode, res.body).toBe(colour === 'ananas' ? 201 : 200);
        expect(res.json().sidebar_color).toBe(colour);
      }
    });

    it('keeps plan, two_factor_auth and user read-only', async () => {
      const owner = await signUp(t);
      const res = await t.api('POST', '/api/settings/preferences/create/', {
        token: owner.token,
        body: { plan: 'P', two_factor_auth: true, user: 12345 },
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual(['plan', 'two_factor_auth', 'user']);
      expect(
        (
          await t.api('POST', '/api/settings/preferences/create/', {
            token: owner.token,
            body: { plan: 'F', two_factor_auth: false, user: 0 },
          })
        ).statusCode,
      ).toBe(201);
      const wrongType = await t.api('PUT', '/api/settings/preferences/edit/', {
        token: owner.token,
        body: { plan: 'Gold' },
      });
      expect(wrongType.json()).toEqual({ plan: ['Not a valid choice.'] });
    });

    it('lets every member read them, only the owner write them, and the export permission the export layout', async () => {
      const { owner, sub } = await ownerWithSubUser(t, { export: true });
      const { sub: plain } = await ownerWithSubUser(t, { company: true, properties: true });
      expect((await t.api('GET', '/api/settings/preferences/', { token: sub.token })).statusCode).toBe(200);
      expect(
        (await t.api('POST', '/api/settings/preferences/create/', { token: sub.token, body: { audit_trail: true } }))
          .statusCode,
      ).toBe(403);
      expect(
        (await t.api('PUT', '/api/settings/preferences/edit/', { token: sub.token, body: { audit_trail: true } }))
          .statusCode,
      ).toBe(403);

      const layout = await t.api('PUT', '/api/settings/preferences/layout/edit/', {
        token: sub.token,
        body: { pdf_layout: 'S', api_layout: 'R', add_logo: true },
      });
      expect(layout.statusCode, layout.body).toBe(200);
      expect(layout.json()).toMatchObject({
        user: owner.id,
        pdf_layout: 'S',
        api_layout: 'R',
        add_logo: true,
        audit_trail: false,
        sidebar_color: 'ananas',
      });
      expect(
        (
          await t.api('PUT', '/api/settings/preferences/layout/edit/', {
            token: plain.token,
            body: { pdf_layout: 'S', api_layout: 'R', add_logo: true },
          })
        ).statusCode,
      ).toBe(403);
      const sneaky = await t.api('PUT', '/api/settings/preferences/layout/edit/', {
        token: sub.token,
        body: { pdf_layout: 'S', api_layout: 'R', add_logo: true, audit_trail: true },
      });
      // A field the layout call does not take is ignored (and named), never applied.
      expect(sneaky.statusCode).toBe(200);
      expect(sneaky.headers['x-ignored-fields']).toBe('audit_trail');
      expect(sneaky.json().audit_trail).toBe(false);
      expect((await t.api('GET', '/api/settings/preferences/', { token: owner.token })).json()).toMatchObject({
        pdf_layout: 'S',
        audit_trail: false,
      });
      const [event] = await auditEvents(t, owner.token, '?kind=settings');
      expect(event).toMatchObject({ summary: 'Edited the export layout', actor: sub.id, actor_email: sub.email });
    });
  });
}
