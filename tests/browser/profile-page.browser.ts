import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { seriousViolations } from './accessibility.js';
import { callApi, openTab, screenshot, signedInMember, startBrowserStack, type BrowserStack, type SignedInMember } from './harness.js';

const SF = { latitude: 37.7749, longitude: -122.4194 };
const cleo = { email: 'cleo.profile@example.com', firstName: 'Cleo', lastName: 'Baker' };
const dan = { email: 'dan.profile@example.com', firstName: 'Dan', lastName: 'Reader' };

/** The text of the elements that describe `target` (its aria-describedby). */
function descriptionOf(target: Locator): Promise<string> {
  return target.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

let bs: BrowserStack;
let c: SignedInMember;
let d: SignedInMember;

beforeAll(async () => {
  bs = await startBrowserStack();
  c = await signedInMember(bs, cleo, { geolocation: SF });
  d = await signedInMember(bs, dan, { geolocation: SF });
});
afterAll(async () => {
  await bs?.stop();
});

describe('the profile page', () => {
  it('lets a new member create a profile from scratch, the form refusing what the server would refuse', async () => {
    const page = c.page;
    await page.getByRole('link', { name: 'Create Profile' }).first().click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('heading', { name: 'Create Your Profile' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Cancel leaves the empty page; its button starts the profile again, as the header's does.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await page.getByRole('button', { name: 'Save' }).waitFor();

    // Personal: interests, books, a hardship; interests switched private.
    await page.getByRole('textbox', { name: 'Passions' }).fill('Sourdough and community gardens');
    await page.getByRole('textbox', { name: 'Causes' }).fill('Food security');
    await page.getByRole('textbox', { name: 'Favorite books' }).fill('The Bread Baker’s Apprentice');
    await page.getByRole('checkbox', { name: 'Financial' }).check();
    await page.getByRole('switch', { name: 'Personal interests: public' }).click();
    await page.getByRole('switch', { name: 'Personal interests: private' }).waitFor();

    // Vocation: the basics, a place, the service-provider type and its business section.
    await openTab(page, 'Vocation');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Neighbourhood Baker');
    await page.getByRole('textbox', { name: 'Bio' }).fill('Bread, pastries and baking classes on Saturdays.');
    await page.getByRole('textbox', { name: 'Phone' }).fill('(415) 555-0100');
    await page.getByRole('textbox', { name: 'Website' }).fill('not a web address');
    await page.getByRole('textbox', { name: 'Latitude' }).fill('north');
    await page.getByRole('textbox', { name: 'Longitude' }).fill('-122.4120');
    await expect.poll(() => page.getByTestId('business-information').count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Service Provider' }).check();
    await page.getByTestId('business-information').waitFor();
    await page.getByRole('textbox', { name: 'Business name' }).fill('Cleo’s Crumbs');
    // Typed key by key, as a member does: '1,5' is refused, not read as 15; '1,000' is a thousand.
    const years = page.getByRole('textbox', { name: 'Years in business' });
    await years.fill('');
    await years.pressSequentially('1,5');
    const employees = page.getByRole('textbox', { name: 'Employees' });
    await employees.fill('');
    await employees.pressSequentially('1,000');
    await page.getByRole('checkbox', { name: 'Mentoring' }).check();
    await page.getByRole('checkbox', { name: 'Cash', exact: true }).check();

    // The contract refuses the website and the latitude: the page says why, on each field, and saves nothing.
    await openTab(page, 'Personal');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tabpanel', { name: 'Vocation' }).waitFor();
    const website = page.getByRole('textbox', { name: 'Website' });
    await expect.poll(() => website.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#profile-website-problem').textContent()).toBe('Enter a web address starting with https://, like https://example.com');
    expect(await page.locator('#profile-latitude-problem').textContent()).toBe('Must be a decimal number');
    expect(await years.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#profile-yearsInBusiness-problem').textContent()).toBe('Enter a whole number, like 12 or 1,000');
    expect(await years.inputValue()).toBe('1,5');
    expect(await employees.getAttribute('aria-invalid')).toBeNull();
    expect((await callApi(page, 'GET', `/api/profiles/user/${c.id}`)).status).toBe(404);

    // Typed the usual way, without https://: the form adds it.
    await website.fill('crumbs.example.com');
    await years.fill('7');
    await page.getByRole('textbox', { name: 'Latitude' }).fill('37.7801');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile updated successfully!').first().waitFor();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await page.getByRole('tabpanel', { name: 'Vocation' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Business name' }).isDisabled()).toBe(true);
    // The header now offers to edit rather than create.
    await page.getByRole('link', { name: 'Edit Profile' }).first().waitFor();

    const saved = await callApi<Record<string, unknown>>(page, 'GET', `/api/profiles/user/${c.id}`);
    expect(saved.body).toMatchObject({
      title: 'Neighbourhood Baker',
      website: 'https://crumbs.example.com',
      phone: '(415) 555-0100',
      latitude: '37.7801000',
      longitude: '-122.4120000',
      isServiceProvider: true,
      businessName: 'Cleo’s Crumbs',
      yearsInBusiness: 7,
      employeeCount: 1000,
      openToMentoring: true,
      paymentMethodsAccepted: ['Cash'],
      passions: 'Sourdough and community gardens',
      financialHardship: true,
      personalInterestsIsPublic: false,
      hardshipsIsPublic: true,
    });
    await screenshot(page, 'profile-own');
  });

  it('shows another member what the owner made public, and nothing of a private section', async () => {
    const page = d.page;
    await page.goto(`/profile/${c.id}`);
    await page.getByRole('heading', { name: "Cleo Baker's Profile" }).waitFor();
    await page.getByText('Personal interests are private.').waitFor();
    expect(await page.getByText('Sourdough and community gardens').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit Profile' }).count()).toBe(0);
    expect(await page.getByRole('switch').count()).toBe(0);
    await page.getByText('Financial').waitFor();
    await page.getByRole('link', { name: 'Send Money' }).waitFor();
    await page.getByRole('button', { name: 'Log Transaction' }).waitFor();

    await openTab(page, 'Vocation');
    expect(await page.getByRole('textbox', { name: 'Business name' }).inputValue()).toBe('Cleo’s Crumbs');
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    expect(await title.isDisabled()).toBe(true);
    // Disabled, yet read as a value: not faded like a placeholder.
    expect(await title.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    // The website opens the site and the phone calls the number, instead of sitting in disabled boxes.
    const vocation = page.getByRole('tabpanel', { name: 'Vocation' });
    expect(await vocation.getByRole('link', { name: 'https://crumbs.example.com' }).getAttribute('href')).toBe('https://crumbs.example.com');
    expect(await vocation.getByRole('link', { name: '(415) 555-0100' }).getAttribute('href')).toBe('tel:4155550100');
    expect(await vocation.getByRole('textbox', { name: /^(Website|Phone)$/ }).count()).toBe(0);
    // The payment forms she accepts read as a list, not as nine faint checkboxes.
    expect(await vocation.getByRole('checkbox', { name: 'Cash', exact: true }).count()).toBe(0);
    await vocation.getByText('Cash', { exact: true }).waitFor();
    // Where she lives is hers: the map places her, the page never spells out her coordinates.
    await vocation.getByText('Shown on the Explore Map.').waitFor();
    expect(await vocation.getByRole('textbox', { name: /^(Latitude|Longitude)$/ }).count()).toBe(0);
    expect(await vocation.getByText(/37\.78|122\.41/).count()).toBe(0);

    await openTab(page, 'Political');
    await page.getByTestId('not-a-candidate').waitFor();
    expect(await page.getByRole('link', { name: 'Donate' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'profile-other');

    // The owner still reads her private interests.
    await c.page.goto('/profile');
    await c.page.getByRole('textbox', { name: 'Passions' }).waitFor();
    expect(await c.page.getByRole('textbox', { name: 'Passions' }).inputValue()).toBe('Sourdough and community gardens');
    // And her own coordinates, which she edits.
    await openTab(c.page, 'Vocation');
    expect(await c.page.getByRole('textbox', { name: 'Latitude' }).inputValue()).toBe('37.7801000');
  });

  it('puts the new profile on the map and in the search results for others', async () => {
    const page = d.page;
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Cleo');
    const card = page.getByTestId('profile-card').filter({ hasText: 'Cleo Baker' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Neighbourhood Baker');
    await card.getByRole('button', { name: 'Cleo Baker', exact: true }).click();
    await page.getByRole('dialog', { name: 'Cleo Baker' }).waitFor();
    await expect.poll(async () => Number((await page.locator('.leaflet-container').getAttribute('data-marker-points')) ?? 0)).toBeGreaterThan(0);
  });

  it('opens in edit mode with every control named, and Cancel puts the saved values back', async () => {
    const page = c.page;
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await openTab(page, 'Vocation');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Something else');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe('Neighbourhood Baker');
  });

  it('says beside the hardships, in edit mode, who sees them as the Hardships switch stands', async () => {
    const page = c.page;
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const hardships = page.getByRole('group', { name: 'Current hardships' });
    expect(await descriptionOf(hardships)).toBe('Every member can see these while Hardships is public.');
    await page.getByRole('switch', { name: 'Hardships: public' }).click();
    expect(await descriptionOf(hardships)).toBe('Only you can see these while Hardships is private.');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    expect(await page.getByText('Every member can see these', { exact: false }).count()).toBe(0);
  });

  it('shows one switch for Items for sale, on the Shop tab, and says so beside the offerings it also covers', async () => {
    const page = c.page;
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await openTab(page, 'Vocation');
    const vocation = page.getByRole('tabpanel', { name: 'Vocation' });
    expect(await vocation.getByRole('switch', { name: /^Items/ }).count()).toBe(0);
    expect(await descriptionOf(vocation.getByRole('group', { name: 'Services and offerings' }))).toBe(
      'Other members see these while Items for sale (its switch is on the Shop tab) and Business information are public.',
    );
    await openTab(page, 'Shop');
    await page.getByRole('switch', { name: 'Items for sale: public' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
  });

  it('asks before unsaved edits are thrown away by a link or a reload, and never when nothing is unsaved', async () => {
    const page = c.page;
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await openTab(page, 'Vocation');
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    await title.fill('Baker and teacher');

    // Back to Map holds until the member chooses; Cancel keeps the page and what was typed.
    await page.getByRole('link', { name: 'Back to Map' }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await confirm.waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await title.inputValue()).toBe('Baker and teacher');

    // A reload gets the browser's own question; staying keeps the edit.
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      });
    });
    await page.evaluate(() => {
      setTimeout(() => window.location.reload(), 0);
    });
    expect(await asked).toBe('beforeunload');
    expect(await title.inputValue()).toBe('Baker and teacher');

    // A link in the header asks too; Discard changes leaves, and nothing was saved.
    await page.getByRole('link', { name: 'Feed' }).first().click();
    await confirm.getByRole('button', { name: 'Discard changes' }).click();
    await page.waitForURL((url) => url.pathname === '/feed');
    expect((await callApi<{ title: string }>(page, 'GET', `/api/profiles/user/${c.id}`)).body.title).toBe('Neighbourhood Baker');

    // Edit mode with nothing changed, and edits once saved, leave at once.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('link', { name: 'Back to Map' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await openTab(page, 'Vocation');
    await page.getByRole('textbox', { name: 'Bio' }).fill('Bread, pastries and baking classes on Saturdays and Sundays.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await page.getByRole('link', { name: 'Back to Map' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await confirm.count()).toBe(0);
  });

  it('tells a visitor to a member without a profile that there is none', async () => {
    const page = c.page;
    await page.goto(`/profile/${d.id}`);
    await page.getByText('This member has not created a profile yet.').waitFor();
  });
});
