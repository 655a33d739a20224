import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { REWARD_RULES, type BusinessReferral, type Legislation, type ProfileInput } from '@freemarket/contracts';
import { seriousViolations } from './accessibility.js';
import { callApi, openTab, screenshot, signedInMember, startBrowserStack, type BrowserStack, type SignedInMember } from './harness.js';

const ada = { email: 'ada.social@example.com', firstName: 'Ada', lastName: 'Joiner' };
const bo = { email: 'bo.social@example.com', firstName: 'Bo', lastName: 'Baker' };
const cy = { email: 'cy.social@example.com', firstName: 'Cy', lastName: 'Cooper' };

let bs: BrowserStack;
let adaIn: SignedInMember;
let boIn: SignedInMember;

/** Waits for a toast with this title; an open dialog hides the toast region from the accessibility tree. */
async function toastSays(page: Page, title: string): Promise<void> {
  await page.getByRole('region', { name: /Notifications/, includeHidden: true }).getByText(title, { exact: true }).first().waitFor();
}

beforeAll(async () => {
  bs = await startBrowserStack();
  adaIn = await signedInMember(bs, ada);
  boIn = await signedInMember(bs, bo);
  // Bo runs a bakery: a service provider the business search can find.
  const bakery: ProfileInput = { title: 'Baker', isServiceProvider: true, businessName: 'Sunrise Bakery' };
  expect((await callApi(boIn.page, 'POST', '/api/profiles', bakery)).status).toBe(201);
  // Cy runs another, so a search for 'Bake' finds two.
  const cyIn = await signedInMember(bs, cy);
  const bakehouse: ProfileInput = { title: 'Pastry cook', isServiceProvider: true, businessName: 'Bakehouse Co-op' };
  expect((await callApi(cyIn.page, 'POST', '/api/profiles', bakehouse)).status).toBe(201);
  await cyIn.context.close();
});
afterAll(async () => {
  await bs?.stop();
});

describe('the profile page’s skills, favorites, referrals, testimonials and legislation', () => {
  it('lets a member save a profile, then add skills, certifications, favorite businesses, a referral and legislation', async () => {
    const page = adaIn.page;
    const searches: string[] = [];
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (path.startsWith('/api/profiles/search/')) searches.push(decodeURIComponent(path.slice('/api/profiles/search/'.length)));
    });
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Create Your Profile' }).waitFor();

    // Skills need a saved profile.
    await openTab(page, 'Vocation');
    const summary = page.getByTestId('profile-summary');
    await summary.getByText('Save your profile first to add skills').waitFor();
    expect(await summary.getByRole('button', { name: 'Add Skill' }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Carpenter');
    await page.getByRole('checkbox', { name: 'Political Candidate' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await toastSays(page, 'Profile updated successfully!');
    await page.getByRole('button', { name: 'Edit Profile' }).click();

    // A skill with years and an hourly rate, then a certification, both seen in the summary.
    await summary.getByRole('button', { name: 'Add Skill' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Skill' });
    expect(await dialog.getByRole('button', { name: 'Add Skill' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Skill category').selectOption({ label: 'Trades' });
    await dialog.getByLabel('Skill', { exact: true }).selectOption({ label: 'Carpentry' });
    // Typed key by key, as a member does: a comma is refused, not read as a thousands separator (15 years, 4550 dollars).
    const years = dialog.getByLabel('Years of experience');
    await years.pressSequentially('1,5');
    const rate = dialog.getByLabel('Hourly rate ($)');
    await rate.pressSequentially('45,50');
    await dialog.getByRole('button', { name: 'Add Skill' }).click();
    await dialog.getByText('Enter a whole number, like 12 or 1,000').waitFor();
    await dialog.getByText('Leave out commas, and use a dot for cents: 1250.50').waitFor();
    expect(await years.getAttribute('aria-invalid')).toBe('true');
    expect(await years.inputValue()).toBe('1,5');
    expect(await rate.getAttribute('aria-invalid')).toBe('true');
    expect(await rate.inputValue()).toBe('45,50');
    await years.fill('12');
    await rate.fill('45.5');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add Skill' }).click();
    await toastSays(page, 'Skill added');
    await dialog.waitFor({ state: 'detached' });
    const carpentry = summary.getByTestId('profile-skill').filter({ hasText: 'Carpentry' });
    await carpentry.getByText('12 years · $45.50/hr').waitFor();

    await summary.getByRole('button', { name: 'Add Certification' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Certification' });
    await dialog.getByLabel('Certification name (required)').fill('Journeyman Carpenter');
    await dialog.getByLabel('Issuer').fill('State Licensing Board');
    await dialog.getByLabel('License number').fill('JC-2291');
    await dialog.getByRole('button', { name: 'Add Certification' }).click();
    await toastSays(page, 'Certification added');
    await summary.getByTestId('profile-certification').filter({ hasText: 'Journeyman Carpenter' }).getByText('State Licensing Board · License #JC-2291').waitFor();
    await summary.getByText('Carpenter', { exact: true }).waitFor();
    await screenshot(page, 'profile-summary-edit');

    // Favorites: no search below three characters; a favorite is not offered again; removed again.
    await openTab(page, 'Personal');
    const favorites = page.getByTestId('favorite-businesses');
    await favorites.getByText('You have no favorite businesses yet.').waitFor();
    const search = favorites.getByLabel('Find a local business');
    await search.fill('Su');
    await favorites.getByText('Type at least 3 characters to search.').waitFor();
    await page.waitForTimeout(500);
    expect(searches).toEqual([]);
    await search.fill('Sunrise');
    const results = favorites.getByRole('listbox', { name: 'Business search results' });
    const bakery = results.getByRole('option', { name: /^Sunrise Bakery/ });
    await bakery.waitFor();
    expect(searches).toEqual(['Sunrise']);
    expect(await seriousViolations(page)).toEqual([]);
    // With the mouse, a click on the result's Add adds it.
    await bakery.getByText('Add', { exact: true }).click();
    await toastSays(page, 'Favorite business added');
    const favorite = favorites.getByTestId('favorite-business').filter({ hasText: 'Sunrise Bakery' });
    await favorite.getByText('Bo Baker · Baker').waitFor();
    await search.fill('Sunrise');
    await favorites.getByText('No businesses found.').waitFor();
    await favorite.getByRole('button', { name: 'Remove Sunrise Bakery' }).click();
    await favorites.getByText('You have no favorite businesses yet.').waitFor();

    // A referral: a name is required; the form is cleared once it is sent, and the header's balance
    // takes its points (credited through an event) without the page being loaded again.
    const referral = page.getByTestId('business-referral');
    const submit = referral.getByRole('button', { name: 'Submit Referral' });
    expect(await submit.isDisabled()).toBe(true);
    const header = page.getByTestId('rewards-balance');
    await expect.poll(() => header.getAttribute('aria-label')).toMatch(/^Rewards balance: \d+ points$/);
    const pointsBefore = Number(/(\d+) points/.exec((await header.getAttribute('aria-label')) ?? '')?.[1]);
    await page.evaluate(() => Object.assign(window, { referralPageMark: true }));
    await referral.getByLabel('Business name (required)').fill('Corner Hardware');
    await referral.getByLabel('Contact information').fill('555-0100');
    await referral.getByLabel('Why do you recommend them?').fill('Knows every screw by name.');
    await submit.click();
    await toastSays(page, 'Referral submitted!');
    await expect.poll(() => referral.getByLabel('Business name (required)').inputValue()).toBe('');
    const sent = await callApi<{ items: BusinessReferral[] }>(page, 'GET', '/api/business-referrals');
    expect(sent.body.items.map((r) => [r.businessName, r.contactInfo, r.reason])).toEqual([['Corner Hardware', '555-0100', 'Knows every screw by name.']]);
    await page.getByRole('link', { name: `Rewards balance: ${pointsBefore + REWARD_RULES.referral.points} points` }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => 'referralPageMark' in window)).toBe(true);

    // Legislation: created (blank document lines dropped), edited in place, deleted.
    await openTab(page, 'Political');
    const legislation = page.getByTestId('proposed-legislation');
    await legislation.getByText('You have not proposed any legislation yet.').waitFor();
    await legislation.getByRole('button', { name: 'Add Legislation' }).click();
    dialog = page.getByRole('dialog', { name: 'Propose Legislation' });
    expect(await dialog.getByRole('button', { name: 'Save Legislation' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Title (required)').fill('Tool Library Act');
    await dialog.getByLabel('Description').fill('A public tool library in every ward.');
    await dialog.getByLabel('Document links (one per line)').fill('https://example.org/tool-library.pdf\n\n   \nhttps://example.org/budget.pdf');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save Legislation' }).click();
    await toastSays(page, 'Legislation added');
    await dialog.waitFor({ state: 'detached' });
    let bill = legislation.getByTestId('legislation').filter({ hasText: 'Tool Library Act' });
    await bill.getByRole('link', { name: 'https://example.org/budget.pdf' }).waitFor();
    expect(await bill.getByRole('link').count()).toBe(2);

    await bill.getByRole('button', { name: 'Edit Tool Library Act' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Legislation' });
    expect(await dialog.getByLabel('Document links (one per line)').inputValue()).toBe('https://example.org/tool-library.pdf\nhttps://example.org/budget.pdf');
    await dialog.getByLabel('Title (required)').fill('Tool Library and Repair Act');
    await dialog.getByRole('button', { name: 'Save Legislation' }).click();
    await toastSays(page, 'Legislation updated');
    bill = legislation.getByTestId('legislation').filter({ hasText: 'Tool Library and Repair Act' });
    await bill.waitFor();
    expect(await legislation.getByTestId('legislation').count()).toBe(1);
    // Deleting asks first: Cancel keeps the piece; Delete removes it and leaves the focus on the section's heading.
    await bill.getByRole('button', { name: 'Delete Tool Library and Repair Act' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete this legislation?' });
    await dialog.getByText('Tool Library and Repair Act is removed from your profile. This cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await callApi<{ items: Legislation[] }>(page, 'GET', `/api/proposed-legislation/${adaIn.id}`)).body.items.map((l) => l.title)).toEqual(['Tool Library and Repair Act']);
    await bill.getByRole('button', { name: 'Delete Tool Library and Repair Act' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await toastSays(page, 'Legislation deleted');
    await dialog.waitFor({ state: 'detached' });
    await legislation.getByText('You have not proposed any legislation yet.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Proposed Legislation');
    expect((await callApi<{ items: Legislation[] }>(page, 'GET', `/api/proposed-legislation/${adaIn.id}`)).body.items).toEqual([]);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
  });

  it('lets a member find and add a favorite business with the keyboard alone, the search being a combobox', async () => {
    const page = adaIn.page;
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await openTab(page, 'Personal');
    const favorites = page.getByTestId('favorite-businesses');
    const search = favorites.getByRole('combobox', { name: 'Find a local business' });
    await search.fill('Bake');
    const results = favorites.getByRole('listbox', { name: 'Business search results' });
    const options = results.getByRole('option');
    await expect.poll(() => options.count()).toBe(2);
    expect(await search.getAttribute('aria-expanded')).toBe('true');
    expect(await search.getAttribute('aria-controls')).toBe(await results.getAttribute('id'));
    await favorites.getByText('2 businesses found. Use the arrow keys to choose one and Enter to add it.').waitFor();
    const [first, second] = await options.evaluateAll((els) => els.map((el) => el.id));
    const active = () => search.getAttribute('aria-activedescendant');

    // The focus stays in the box while the arrow keys move through the results, and back round.
    expect(await active()).toBeNull();
    await page.keyboard.press('ArrowDown');
    await expect.poll(active).toBe(first);
    await page.keyboard.press('ArrowDown');
    await expect.poll(active).toBe(second);
    expect(await results.locator(`[id="${second}"]`).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await expect.poll(active).toBe(first);
    await page.keyboard.press('ArrowUp');
    await expect.poll(active).toBe(second);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('favorite-business-search');
    expect(await seriousViolations(page)).toEqual([]);

    // Escape closes the list and keeps the text; ArrowDown opens it again.
    await page.keyboard.press('Escape');
    await results.waitFor({ state: 'detached' });
    expect(await search.getAttribute('aria-expanded')).toBe('false');
    expect(await search.getAttribute('aria-activedescendant')).toBeNull();
    expect(await search.inputValue()).toBe('Bake');
    await page.keyboard.press('ArrowDown');
    await expect.poll(active).toBe(first);

    // Enter adds the active business and empties the box for the next search.
    const name = (await results.locator(`[id="${first}"]`).locator('p').first().textContent()) ?? '';
    await page.keyboard.press('Enter');
    await toastSays(page, 'Favorite business added');
    const favorite = favorites.getByTestId('favorite-business').filter({ hasText: name });
    await favorite.waitFor();
    await expect.poll(() => search.inputValue()).toBe('');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('favorite-business-search');

    // Escape with the list open closes the list only, not the toast still on screen.
    await search.pressSequentially('Bake');
    await expect.poll(() => options.count()).toBe(1);
    const toast = page.getByRole('region', { name: /Notifications/ }).getByText('Favorite business added', { exact: true });
    expect(await toast.count()).toBe(1);
    await page.keyboard.press('Escape');
    await results.waitFor({ state: 'detached' });
    expect(await toast.count()).toBe(1);
    expect(await search.inputValue()).toBe('Bake');

    await favorite.getByRole('button', { name: `Remove ${name}` }).click();
    await favorites.getByText('You have no favorite businesses yet.').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
  });

  it('lets another member write a testimonial the owner sees, and see the public skills', async () => {
    const page = boIn.page;
    await page.goto(`/profile/${adaIn.id}`);
    await page.getByRole('heading', { name: "Ada Joiner's Profile" }).waitFor();
    await openTab(page, 'Vocation');
    await page.getByTestId('profile-skill').filter({ hasText: 'Carpentry' }).waitFor();
    expect(await page.getByTestId('profile-summary').getByRole('button').count()).toBe(0);

    await openTab(page, 'Reputation');
    const section = page.getByTestId('testimonials');
    await section.getByText('No testimonials yet.').waitFor();
    const submit = section.getByRole('button', { name: 'Submit Testimonial' });
    expect(await submit.isDisabled()).toBe(true);
    await section.getByRole('textbox', { name: 'Testimonial' }).fill('Ada rebuilt our porch steps in a day.');
    await section.getByLabel('How do you know them?').fill('Neighbor');
    expect(await seriousViolations(page)).toEqual([]);
    await submit.click();
    await toastSays(page, 'Testimonial added');
    const written = section.getByTestId('testimonial').filter({ hasText: 'Ada rebuilt our porch steps in a day.' });
    await written.getByText('Bo Baker', { exact: true }).waitFor();
    await written.getByText('· Neighbor').waitFor();
    // One per author: the form is gone once Bo has written one.
    await expect.poll(() => section.getByRole('button', { name: 'Submit Testimonial' }).count()).toBe(0);

    const owner = adaIn.page;
    await owner.goto('/profile');
    await openTab(owner, 'Reputation');
    await owner.getByTestId('testimonial').filter({ hasText: 'Ada rebuilt our porch steps in a day.' }).getByText('Bo Baker', { exact: true }).waitFor();
    // The owner writes none about herself.
    expect(await owner.getByRole('button', { name: 'Submit Testimonial' }).count()).toBe(0);
  });

  it('hides testimonials switched private from the other member, and lets the owner delete one', async () => {
    const owner = adaIn.page;
    await owner.getByRole('button', { name: 'Edit Profile' }).click();
    await owner.getByRole('switch', { name: 'Testimonials: public' }).click();
    await owner.getByRole('switch', { name: 'Testimonials: private' }).waitFor();
    await owner.getByRole('button', { name: 'Save' }).click();
    await toastSays(owner, 'Profile updated successfully!');

    const page = boIn.page;
    await page.reload();
    await openTab(page, 'Reputation');
    await page.getByText('Testimonials are private.').waitFor();
    expect(await page.getByText('Ada rebuilt our porch steps in a day.').count()).toBe(0);
    expect((await callApi(page, 'GET', `/api/testimonials/${adaIn.id}`)).status).toBe(403);

    // The owner still reads it, and removes it in edit mode.
    const testimonial = owner.getByTestId('testimonial').filter({ hasText: 'Ada rebuilt our porch steps in a day.' });
    await testimonial.waitFor();
    expect(await testimonial.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    await owner.getByRole('button', { name: 'Edit Profile' }).click();
    await testimonial.getByRole('button', { name: 'Delete testimonial by Bo Baker' }).click();
    await toastSays(owner, 'Testimonial deleted');
    await owner.getByText('No one has written a testimonial for you yet.').waitFor();
  });
});
