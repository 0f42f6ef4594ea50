import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../src/client/api/errors';
import { needsSecondFactor } from '../../../src/client/pages/login/two-factor';
import { companyFormData } from '../../../src/client/pages/company/company-api';
import { browserName } from '../../../src/client/pages/security/security-api';
import { settingsLinksFor } from '../../../src/client/pages/settings/settings-links';
import { memberStatus } from '../../../src/client/pages/team/team-api';
import type { Abilities, PermissionFlag } from '../../../src/client/session/use-can';

describe('sign-in with two-factor on', () => {
  it('asks for the code only when the server says so', () => {
    const ask = { code: ['Enter the 6-digit code from your authenticator app.'], two_factor_required: true };
    expect(needsSecondFactor(new ApiFailure(400, ask))).toBe(true);
    expect(
      needsSecondFactor(new ApiFailure(400, { non_field_errors: ['Unable to log in with provided credentials.'] })),
    ).toBe(false);
    expect(needsSecondFactor(new ApiFailure(429, ask))).toBe(false);
    expect(needsSecondFactor(new Error('x'))).toBe(false);
  });
});

describe('company details as form data', () => {
  it('sends a part per field and per country, the logo as a file, never the logo URL', () => {
    const logo = new File([new Uint8Array([1, 2])], 'logo.png', { type: 'image/png' });
    const form = companyFormData(
      {
        company: 'Ananas',
        work_in_countries: ['ES', 'PT'],
        logo: '/api/x.png',
        remove_logo: false,
        state: '',
        phone: null,
      },
      logo,
      true,
    );
    expect(form.getAll('work_in_countries')).toEqual(['ES', 'PT']);
    expect(form.get('company')).toBe('Ananas');
    expect(form.get('state')).toBe('');
    expect(form.has('phone')).toBe(false);
    expect((form.get('logo') as File).name).toBe('logo.png');
    expect(form.has('remove_logo')).toBe(false);
    expect(companyFormData({ company: 'A' }, null, true).get('remove_logo')).toBe('true');
  });
});

describe('team and sessions in words', () => {
  it('says whether a member can work', () => {
    expect(memberStatus({ is_active: false, invitation_pending: true })).toBe('Invitation pending');
    expect(memberStatus({ is_active: true, invitation_pending: false })).toBe('Active');
    expect(memberStatus({ is_active: false, invitation_pending: false })).toBe('Turned off');
  });

  it('names a browser briefly', () => {
    expect(
      browserName(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(browserName('Firefox test')).toBe('Firefox test');
    expect(browserName(null)).toBe('Unknown browser');
  });
});

describe('the settings hub', () => {
  const viewer = (owner: boolean, flags: PermissionFlag[] = []): Abilities => ({
    owner,
    accountId: 12,
    can: (f) => owner || flags.includes(f),
  });
  const routes = (a: Abilities) => settingsLinksFor(a).flatMap((g) => g.links.map((l) => l.route));

  it('links the owner to every settings page, the public profile to its own', () => {
    expect(routes(viewer(true))).toEqual([
      '/edit-companydetails',
      '/portfolio/12',
      '/mailing-lists',
      '/edit-preference',
      '/edit-layoutsettings',
      '/edit-notifications',
      '/edit-mailingdetails',
      '/authorized-users',
      '/edit-securitysettings',
      '/audit-trail',
      '/premium-account',
      '/packageitem',
      '/edit-paymentdetails',
    ]);
  });

  it('links a tour operator to its photo channels, a hotel not', () => {
    const operator: Abilities = { ...viewer(true), accountType: 'to' };
    expect(routes(operator)).toContain('/edit-photochannels');
    expect(routes({ ...operator, owner: false })).toContain('/edit-photochannels');
    expect(routes({ ...viewer(true), accountType: 'accommodation' })).not.toContain('/edit-photochannels');
  });

  it('leaves the team out for an authorized user, and the upgrade without its permission', () => {
    expect(routes(viewer(false))).not.toContain('/authorized-users');
    expect(routes(viewer(false))).not.toContain('/edit-paymentdetails');
    expect(routes(viewer(false, ['premium_subscription']))).toContain('/edit-paymentdetails');
  });
});
