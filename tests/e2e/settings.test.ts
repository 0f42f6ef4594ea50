import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './helpers/browser.js';
import { useStage } from './helpers/stage.js';
import { portalOutput } from './helpers/ui.js';
import { createUser } from './helpers/users.js';

describe.skipIf(!hasBrowser())('settings: company, mailing lists and the audit trail', () => {
  const stage = useStage();

  it('creates the company details with a logo, then edits them; keeps mailing groups and contacts; the audit trail shows it, filtered', async () => {
    const owner = await createUser(stage.portal);
    const { context, page, problems } = await stage.signedInPage(owner.email);

    // Company details: none yet, so the form creates them.
    await page.goto('/edit-companydetails');
    await page.getByText('Your account has no company details yet.', { exact: false }).waitFor();
    await page.getByRole('textbox', { name: /^Company name/ }).fill('Ananas Hotels');
    await page.getByRole('textbox', { name: /^Website/ }).fill('not a site');
    await page.getByRole('button', { name: 'Create company details' }).click();
    // The click counts although the field's blur check shows its message first.
    await page
      .getByTestId('company-errors')
      .getByText('Enter a valid web address, e.g. https://www.example.com.', { exact: false })
      .waitFor();
    await page.getByRole('textbox', { name: /^Website/ }).fill('ananas-hotels.example');
    await page.getByRole('combobox', { name: /^Country/ }).fill('Spai');
    await page.getByRole('option', { name: 'Spain' }).click();
    const logo = await sharp({ create: { width: 120, height: 60, channels: 3, background: { r: 240, g: 190, b: 0 } } })
      .png()
      .toBuffer();
    await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.getByRole('img', { name: 'Logo preview' }).waitFor();
    await page.getByRole('button', { name: 'Create company details' }).click();
    await page.getByText('The company details are created.').waitFor();
    await expect
      .poll(() => page.getByRole('img', { name: 'Logo preview' }).getAttribute('src'))
      .toMatch(/^\/api\/settings\/portfolio\/\d+\/logo\//);
    expect(await page.getByRole('textbox', { name: /^Website/ }).inputValue()).toBe('https://ananas-hotels.example');

    await page.getByRole('textbox', { name: /^Company name/ }).fill('Ananas Group');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The company details are saved.').waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: /^Company name/ }).inputValue()).toBe('Ananas Group');
    await page.getByRole('link', { name: 'See your public profile' }).click();
    const profile = page.getByTestId('portfolio');
    await profile.getByRole('heading', { name: 'Ananas Group' }).waitFor();
    await profile.getByText('Spain', { exact: false }).waitFor();

    // A mailing group and its contacts, edited in place; a bad address is refused at its field.
    await page.goto('/mailing-lists');
    await page.getByRole('button', { name: 'New group' }).click();
    await page.getByRole('textbox', { name: /^Group name/ }).fill('Partners Spain');
    await page.getByRole('textbox', { name: /^Description/ }).fill('Tour operators we send fact sheets to');
    await page.getByRole('button', { name: 'Create group' }).click();
    const group = page.getByRole('region', { name: 'Group Partners Spain' });
    await group.waitFor();
    await group.getByRole('button', { name: 'Add a contact' }).click();
    const fresh = group.getByTestId('contact-new');
    await fresh.getByRole('textbox', { name: /^Name/ }).fill('Ana Ruiz');
    await fresh.getByRole('textbox', { name: /^E-mail address/ }).fill('ana-at-example');
    await fresh.getByRole('button', { name: 'Add contact' }).click();
    await fresh.getByTestId('contact-new-errors').waitFor();
    await fresh.getByText('Enter a valid email address.').first().waitFor();
    expect(await fresh.getByRole('textbox', { name: /^E-mail address/ }).getAttribute('aria-invalid')).toBe('true');
    await fresh.getByRole('textbox', { name: /^E-mail address/ }).fill('ana@example.com');
    await fresh.getByRole('textbox', { name: /^Location/ }).fill('Madrid');
    await fresh.getByRole('button', { name: 'Add contact' }).click();
    const ana = group.locator('[data-contact="ana@example.com"]');
    await ana.waitFor();
    await group.getByRole('button', { name: 'Add a contact' }).click();
    await group.getByTestId('contact-new').getByRole('textbox', { name: /^Name/ }).fill('Luis Gil');
    await group
      .getByTestId('contact-new')
      .getByRole('textbox', { name: /^E-mail address/ })
      .fill('luis@example.com');
    await group.getByTestId('contact-new').getByRole('button', { name: 'Add contact' }).click();
    await group.locator('[data-contact="luis@example.com"]').waitFor();
    await ana.getByRole('button', { name: 'Edit Ana Ruiz' }).click();
    const editing = group
      .locator('[data-testid^="contact-"]')
      .filter({ has: page.getByRole('button', { name: 'Save contact' }) });
    await editing.getByRole('textbox', { name: /^Job title/ }).fill('Product manager');
    await editing.getByRole('button', { name: 'Save contact' }).click();
    await ana.getByText('Product manager').waitFor();
    await page.getByRole('list', { name: 'Mailing groups' }).getByText('2 contacts', { exact: false }).waitFor();
    const luis = group.locator('[data-contact="luis@example.com"]');
    await luis.getByRole('button', { name: 'Delete Luis Gil' }).click();
    await luis.getByRole('button', { name: 'Confirm deleting Luis Gil' }).click();
    await expect.poll(() => luis.count()).toBe(0);
    await page.getByRole('list', { name: 'Mailing groups' }).getByText('1 contact', { exact: false }).waitFor();

    // The audit trail: the changes above, filtered to settings.
    await page.goto('/audit-trail');
    await page.getByRole('table', { name: 'Audit trail' }).waitFor();
    await page.getByRole('combobox', { name: /^Kind of change/ }).click();
    await page.getByRole('option', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('kind') === 'settings');
    const table = page.getByRole('table', { name: 'Audit trail' });
    const kinds = async () => [
      ...new Set(await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-event')))),
    ];
    await expect.poll(kinds).toEqual(['settings']);
    await table.getByText('Edited the company details').waitFor();
    await table.getByText('Company name: Ananas Hotels → Ananas Group').waitFor();
    await table.getByText('Added the company details').waitFor();
    await table.getByText('Job title: — → Product manager').waitFor();
    await table.getByText('Deleted contact luis@example.com').waitFor();

    await page.getByRole('combobox', { name: /^Kind of change/ }).click();
    await page.getByRole('option', { name: 'Sign-ins' }).click();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(kinds).toEqual(['sign-in']);
    await table.getByText('Signed in', { exact: true }).first().waitFor();
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });
});
