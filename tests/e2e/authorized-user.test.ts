import { describe, expect, it } from 'vitest';
import { hasBrowser } from './helpers/browser.js';
import { useStage } from './helpers/stage.js';
import { menuEntries, portalOutput } from './helpers/ui.js';
import { createUser, ownerWithSubUser, signInApi } from './helpers/users.js';

describe.skipIf(!hasBrowser())('authorized (sub) users see only what the spec allows', () => {
  const stage = useStage();

  it('without flags: Dashboard, Add Facts Info, User Profile, Partners, Developers tools', async () => {
    const { sub } = await ownerWithSubUser(stage.portal, { properties: false, photos: false });
    const { context, page, problems } = await stage.signedInPage(sub.email);
    const expected = [
      'Dashboard /',
      'Add Facts Info /property-facts',
      'Portfolio /property-portfolio',
      'Fact reviews /fact-reviews',
      'User Profile /user-profile',
      'Partners /partners',
      'Developers tools (disabled)',
    ];
    expect(await menuEntries(page)).toEqual(expected);
    // The dashboard offers the same destinations.
    const cards = await page.getByTestId('destination-cards').getByRole('link').allInnerTexts();
    expect(cards.map((c) => c.split('\n')[0])).toEqual(['Add Facts Info', 'User Profile', 'Partners']);
    // Developer tools need their permission: shown disabled with the reason, never a link to a refusal.
    const disabled = page.getByTestId('destination-cards').locator('[data-disabled-reason]');
    expect(await disabled.innerText()).toContain('Needs the developer tools permission: ask your account owner.');
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('with the photos flag: Add Photos as well', async () => {
    const { sub } = await ownerWithSubUser(stage.portal, { photos: true });
    const { context, page } = await stage.signedInPage(sub.email);
    await page.getByTestId('side-menu').getByRole('link', { name: 'Add Photos' }).waitFor();
    expect(await menuEntries(page)).toEqual([
      'Dashboard /',
      'Add Facts Info /property-facts',
      'Portfolio /property-portfolio',
      'Fact reviews /fact-reviews',
      'Add Photos /property-photos',
      'User Profile /user-profile',
      'Partners /partners',
      'Developers tools (disabled)',
    ]);
    await context.close();
  });

  it('a contract waiting on the account: the member who cannot answer is told who can (issue 38 §1)', async () => {
    const { owner, sub } = await ownerWithSubUser(stage.portal, { partner_connections: false });
    const operator = await createUser(stage.portal, { accountType: 'to' });
    const proposed = await fetch(`${stage.portal.url}/api/partners/contract/create/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Token ${await signInApi(stage.portal, operator.email)}`,
      },
      body: JSON.stringify({ partner: owner.id }),
    });
    expect(proposed.status, await proposed.clone().text()).toBe(201);
    for (const [who, text] of [
      [
        sub.email,
        "1 contract waits on an answer from your account's owner or a colleague who manages partner connections.",
      ],
      [owner.email, '1 contract waits on your answer.'],
    ] as const) {
      const { context, page } = await stage.signedInPage(who);
      await page.goto('/');
      const panel = page.getByTestId('waiting-contracts');
      await expect.poll(() => panel.innerText()).toContain(text);
      await context.close();
    }
  });
});
