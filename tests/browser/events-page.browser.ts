import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { CommunityEventPage } from '@freemarket/contracts';
import { seriousViolations } from './accessibility.js';
import { callApi, signedInMember, startBrowserStack, type BrowserStack, type SignedInMember } from './harness.js';

const ada = { email: 'ada.events@example.com', firstName: 'Ada', lastName: 'Host' };
const bob = { email: 'bob.events@example.com', firstName: 'Bob', lastName: 'Guest' };

let bs: BrowserStack;
let adaIn: SignedInMember;
let bobIn: SignedInMember;

beforeAll(async () => {
  bs = await startBrowserStack();
  adaIn = await signedInMember(bs, ada);
  bobIn = await signedInMember(bs, bob);
});
afterAll(async () => {
  await bs?.stop();
});

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/, includeHidden: true });

/** Waits for a toast with this title and text; an open dialog hides the toast region from the accessibility tree. */
async function toastSays(page: Page, title: string, text?: string): Promise<void> {
  await toasts(page).getByText(title, { exact: true }).first().waitFor();
  if (text) await toasts(page).getByText(text, { exact: true }).first().waitFor();
}

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

const pad = (n: number) => String(n).padStart(2, '0');
const localInput = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
const LONG_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
/** The short name of the zone the browser reads `date` in: the machine's, which the test shares. */
const zoneOf = (date: Date) => new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(date).find((p) => p.type === 'timeZoneName')!.value;

describe('the events page', () => {
  const title = 'Community seed swap';
  // Tomorrow at 18:30, and yesterday at 10:00, in the browser's time zone.
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  tomorrow.setHours(18, 30, 0, 0);
  const yesterday = new Date();
  yesterday.setDate(yesterday.getDate() - 1);
  yesterday.setHours(10, 0, 0, 0);
  const upcomingItem = (page: Page, name = title) => page.getByTestId('upcoming-event').filter({ hasText: name });

  it('refuses a date that has passed under Date & Time, and shows each time with the zone it is read in', async () => {
    const page = adaIn.page;
    await page.goto('/events');
    await page.getByText('No upcoming events').waitFor();
    await page.getByRole('button', { name: 'Create Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Event' });
    await dialog.getByLabel('Event Title').fill(title);
    const date = dialog.getByLabel('Date & Time');
    await date.fill(localInput(yesterday));
    await dialog.getByRole('button', { name: 'Create Event' }).click();

    // The server's refusal stands under the field, which takes the focus; no toast, nothing created.
    await dialog.getByText('Must be in the future', { exact: true }).waitFor();
    expect(await date.getAttribute('aria-invalid')).toBe('true');
    expect(await date.getAttribute('aria-describedby')).toBe('event-date-problem');
    await expect.poll(() => isFocused(date)).toBe(true);
    expect(await toasts(page).getByText('Failed to create event. Please try again.').count()).toBe(0);
    expect((await callApi<CommunityEventPage>(page, 'GET', `/api/events/hosted/${adaIn.id}`)).body.items).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    await date.fill(localInput(tomorrow));
    await dialog.getByText('Must be in the future', { exact: true }).waitFor({ state: 'detached' });
    expect(await date.getAttribute('aria-invalid')).toBeNull();
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await toastSays(page, 'Event created!');
    await dialog.waitFor({ state: 'detached' });

    const expected = `6:30 PM ${zoneOf(tomorrow)}`;
    const dayItem = page.getByTestId('day-event').filter({ hasText: title });
    expect((await dayItem.locator('li', { has: page.locator('time') }).textContent())?.trim()).toBe(expected);
    expect((await upcomingItem(page).locator('li', { has: page.locator('time') }).textContent())?.trim()).toBe(expected);
  });

  it('keeps the keyboard focus on RSVP and on the Cancel RSVP that replaces it, and back', async () => {
    const page = bobIn.page;
    await page.goto('/events');
    const item = upcomingItem(page);
    // Named with the event for a screen reader, while the visible text stays the spec's.
    const rsvp = item.getByRole('button', { name: `RSVP to ${title}`, exact: true });
    const cancelRsvp = item.getByRole('button', { name: `Cancel RSVP to ${title}`, exact: true });
    // Only the host edits or deletes.
    await rsvp.waitFor();
    expect(await item.getByRole('button', { name: /^(Edit|Delete)/ }).count()).toBe(0);

    await rsvp.focus();
    await page.keyboard.press('Enter');
    await toastSays(page, 'Success!', "You're now attending this event.");
    await item.getByText('1 attending').waitFor();
    await expect.poll(() => isFocused(cancelRsvp)).toBe(true);

    await page.keyboard.press('Enter');
    await toastSays(page, 'RSVP cancelled', "You're no longer attending this event.");
    await item.getByText('0 attending').waitFor();
    await expect.poll(() => isFocused(rsvp)).toBe(true);

    await page.keyboard.press('Enter');
    await item.getByText('1 attending').waitFor();
    await expect.poll(() => isFocused(cancelRsvp)).toBe(true);
  });

  it('shows the private calendar address once, and asks before replacing it with a new one', async () => {
    const page = adaIn.page;
    await page.goto('/events');
    await page.getByRole('button', { name: 'Subscribe in your calendar app' }).click();
    const address = page.getByRole('textbox', { name: 'Your private calendar address' });
    const url = await address.inputValue();
    expect(url).toMatch(new RegExp(`^${bs.stack.url}/api/events/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await (await fetch(url)).text()).toContain(`SUMMARY:${title}`);

    // After a reload the address is not shown again, the card says why, and the button says what it does.
    await page.reload();
    const status = page.getByTestId('calendar-feed-status');
    await status.getByText(`You made your private address on ${LONG_DATE.format(new Date())}.`, { exact: false }).waitFor();
    await status.getByText('so it cannot be shown again', { exact: false }).waitFor();
    expect(await address.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Subscribe in your calendar app' }).count()).toBe(0);

    const renew = page.getByRole('button', { name: 'Get a new address' });
    await renew.click();
    const confirm = page.getByRole('dialog', { name: 'Get a new calendar address?' });
    await confirm.getByText('Your calendar apps subscribed with the old address will stop updating.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    // Cancel keeps the address the calendar apps have.
    expect((await fetch(url)).status).toBe(200);

    await renew.click();
    await confirm.getByRole('button', { name: 'Get a new address' }).click();
    await confirm.waitFor({ state: 'detached' });
    const renewed = await address.inputValue();
    expect(renewed).not.toBe(url);
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(renewed)).status).toBe(200);
    await expect.poll(() => isFocused(renew)).toBe(true);
  });

  it('lets the host edit and delete her event from the events page', async () => {
    const page = adaIn.page;
    await page.goto('/events');
    const item = upcomingItem(page);
    await item.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Event' });
    expect(await dialog.getByLabel('Event Title').inputValue()).toBe(title);
    expect(await dialog.getByLabel('Date & Time').inputValue()).toBe(localInput(tomorrow));
    // Moving it into the past is refused as creating it there is.
    await dialog.getByLabel('Date & Time').fill(localInput(yesterday));
    await dialog.getByRole('button', { name: 'Save Event' }).click();
    await dialog.getByText('Must be in the future', { exact: true }).waitFor();
    await dialog.getByLabel('Date & Time').fill(localInput(tomorrow));
    await dialog.getByLabel('Event Title').fill('Community seed and plant swap');
    await dialog.getByLabel('Location').fill('Library garden');
    await dialog.getByRole('button', { name: 'Save Event' }).click();
    await toastSays(page, 'Event updated');
    await dialog.waitFor({ state: 'detached' });
    const renamed = upcomingItem(page, 'Community seed and plant swap');
    await renamed.getByText('Library garden').waitFor();
    // The dialog hands the focus back to the Edit it came from.
    await expect.poll(() => isFocused(renamed.getByRole('button', { name: 'Edit Community seed and plant swap' }))).toBe(true);

    // Delete asks first: Cancel keeps the event; Delete removes it, and the focus goes to the card's heading.
    await renamed.getByRole('button', { name: 'Delete Community seed and plant swap' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this event?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await renamed.waitFor();
    await renamed.getByRole('button', { name: 'Delete Community seed and plant swap' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toastSays(page, 'Event deleted');
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No upcoming events').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Upcoming Events');
    expect((await callApi<CommunityEventPage>(page, 'GET', `/api/events/hosted/${adaIn.id}`)).body.items).toEqual([]);
  });
});
