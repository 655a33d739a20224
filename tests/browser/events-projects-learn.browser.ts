import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { CommunityEventPage, CreateTutorialBody, CurrentUser, ProfileInput, Project, RewardBalance, Skill, SkillCategory, Tutorial } from '@freemarket/contracts';
import { seriousViolations } from './accessibility.js';
import { reachPaymentForm } from './checkout-steps.js';
import { callApi, newContext, screenshot, signIn, startBrowserStack, visibleText, type BrowserStack } from './harness.js';
import { setTargetDate } from './project-seed.js';

const SF = { latitude: 37.7749, longitude: -122.4194 };
const ada = { email: 'ada.hub@example.com', firstName: 'Ada', lastName: 'Lovelace' };
const bob = { email: 'bob.hub@example.com', firstName: 'Bob', lastName: 'Builder' };

/** Tutorial videos point here; the stub answers at once, so no player waits on a host this network cannot reach. */
const VIDEO_HOST = /^https:\/\/videos\.example\.com\//;
/** A video gone from its host: the stub answers 404 for it, and a clip the player takes for every other. */
const GONE_VIDEO = 'https://videos.example.com/gone.mp4';

/** A tenth of a second of silence as 8-bit mono WAV, which the browser's <video> plays as sound only. */
function silentClip(): Buffer {
  const samples = Buffer.alloc(800, 0x80);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}
const CLIP = silentClip();

interface SignedIn {
  context: BrowserContext;
  page: Page;
  id: string;
}

let bs: BrowserStack;
let a: SignedIn;
let b: SignedIn;

async function member(identity: typeof ada): Promise<SignedIn> {
  const context = await newContext(bs, { geolocation: SF });
  await context.route(VIDEO_HOST, (route) =>
    route.request().url() === GONE_VIDEO ? route.fulfill({ status: 404, body: '' }) : route.fulfill({ status: 200, contentType: 'audio/wav', body: CLIP }),
  );
  const page = await context.newPage();
  await signIn(page, identity);
  const me = await callApi<CurrentUser>(page, 'GET', '/api/auth/user');
  return { context, page, id: me.body.id };
}

/** Waits for a toast with this title and text; an open dialog hides the toast region from the accessibility tree. */
async function toastSays(page: Page, title: string, text?: string): Promise<void> {
  const region = page.getByRole('region', { name: /Notifications/, includeHidden: true });
  await region.getByText(title, { exact: true }).waitFor();
  if (text) await region.getByText(text, { exact: true }).waitFor();
}

/** The member's balance once the rewards service has credited the points (they arrive through an event). */
async function balanceReaches(page: Page, points: number): Promise<void> {
  await expect.poll(async () => (await callApi<RewardBalance>(page, 'GET', '/api/rewards/balance')).body.balance, { timeout: 15_000 }).toBe(points);
}

/** The header's balance, refreshed by the screen after an action that earns points. */
async function headerShows(page: Page, points: number): Promise<void> {
  await page.getByTestId('rewards-balance').filter({ hasText: String(points) }).waitFor({ timeout: 15_000 });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The text of the button that has the keyboard focus, or null when the focus is elsewhere. */
function focusedButton(page: Page): Promise<string | null> {
  return page.evaluate(() => (document.activeElement instanceof HTMLButtonElement ? document.activeElement.textContent : null));
}

/** Today on the calendar of a time zone, as 'YYYY-MM-DD'. */
function calendarDayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** The calendar day before a 'YYYY-MM-DD'. */
function dayBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! - 1)).toISOString().slice(0, 10);
}

/** The details screen's Target Date section. */
function targetDateSection(page: Page): Locator {
  return page.locator('section').filter({ has: page.getByRole('heading', { name: 'Target Date', level: 2 }) });
}

/** A calendar day as the projects screens write it: 'Mar 5, 2030'. */
function dateText(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return SHORT_DATE.format(new Date(y!, m! - 1, d!));
}
const LONG_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

beforeAll(async () => {
  bs = await startBrowserStack();
  a = await member(ada);
  b = await member(bob);
  // A profile with a place, so Bob finds Ada on the map screen and opens her dialog.
  const profile: ProfileInput = { title: 'Plumber', bio: 'Taps, pipes and boilers.', latitude: 37.7793, longitude: -122.4193, isServiceProvider: true };
  expect((await callApi(a.page, 'POST', '/api/profiles', profile)).status).toBe(201);
});
afterAll(async () => {
  await bs?.stop();
});

describe('community events', () => {
  const title = 'Saturday Repair Café';
  // Tomorrow at 18:30 in the browser's time zone (the test's, on the same machine).
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  tomorrow.setHours(18, 30, 0, 0);
  const local = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T18:30`;

  it('lets Ada create an event, which lands on its day in the calendar and in Upcoming Events', async () => {
    const page = a.page;
    await page.goto('/events');
    await page.getByRole('heading', { name: 'Community Events', level: 1 }).waitFor();
    await page.getByText('Discover and join local events in your community').waitFor();
    await page.getByText('No upcoming events').waitFor();
    // Today is chosen at first.
    await page.getByRole('heading', { name: `Events on ${LONG_DATE.format(new Date())}` }).waitFor();
    expect(await page.getByRole('gridcell', { selected: true }).getByRole('button').getAttribute('aria-current')).toBe('date');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Event' });
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await dialog.getByText('Please enter a title').waitFor();
    await dialog.getByText('Please enter a valid date').waitFor();
    expect(await dialog.getByLabel('Event Title').evaluate((el) => el === document.activeElement)).toBe(true);

    await dialog.getByLabel('Event Title').fill(title);
    // A message goes as soon as its field is right; the other stays until its own is.
    await dialog.getByText('Please enter a title').waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Event Title').getAttribute('aria-invalid')).toBeNull();
    await dialog.getByText('Please enter a valid date').waitFor();
    await dialog.getByLabel('Description').fill('Bring anything broken: lamps, bikes, jumpers.');
    await dialog.getByLabel('Date & Time').fill(local);
    await dialog.getByLabel('Location').fill('Community Hall, 5 Elm St');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await toastSays(page, 'Event created!', 'Your event has been added to the calendar.');
    await dialog.waitFor({ state: 'detached' });

    // The calendar moves to the event's day, which is marked as having one.
    await page.getByRole('heading', { name: `Events on ${LONG_DATE.format(tomorrow)}` }).waitFor();
    await page.getByRole('gridcell', { selected: true }).getByRole('button', { name: `${LONG_DATE.format(tomorrow)}, 1 event` }).waitFor();
    const item = page.getByTestId('day-event').filter({ hasText: title });
    await item.getByText('Bring anything broken: lamps, bikes, jumpers.').waitFor();
    expect(await item.locator('time').innerText()).toBe('6:30 PM');
    await item.getByText('Community Hall, 5 Elm St').waitFor();
    await item.getByText("You're hosting").waitFor();
    expect(await item.getByRole('button', { name: 'RSVP', exact: true }).count()).toBe(0);

    const upcoming = page.getByTestId('upcoming-event').filter({ hasText: title });
    await upcoming.getByText(SHORT_DATE.format(tomorrow)).waitFor();
    await upcoming.getByText('0 attending').waitFor();
    await screenshot(page, 'events-desktop');

    // 'Add to calendar' is the event's iCalendar file.
    const href = await item.getByRole('link', { name: 'Add to calendar' }).getAttribute('href');
    expect(href).toMatch(/^\/api\/events\/[0-9a-f-]{36}\/ical$/);
    const ical = await page.context().request.get(href!);
    expect(ical.status()).toBe(200);
    expect(await ical.text()).toContain('BEGIN:VCALENDAR');
  });

  it('gives Ada a private calendar address that a calendar app can read without her session', async () => {
    const page = a.page;
    await page.getByRole('button', { name: 'Subscribe in your calendar app' }).click();
    const address = page.getByRole('textbox', { name: 'Your private calendar address' });
    await address.waitFor();
    const url = await address.inputValue();
    expect(url).toMatch(new RegExp(`^${bs.stack.url}/api/events/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('Saturday Repair Caf');
  });

  it('lets Bob choose the day with the keyboard, RSVP (15 points), cancel (the points go back) and RSVP again (no more points)', async () => {
    const page = b.page;
    await page.goto('/events');
    await page.getByTestId('upcoming-event').filter({ hasText: title }).waitFor();
    // Arrow keys move through the calendar (into the next month on the last day); Enter chooses.
    await page.getByRole('gridcell', { selected: true }).getByRole('button').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Events on ${LONG_DATE.format(tomorrow)}` }).waitFor();

    const item = page.getByTestId('day-event').filter({ hasText: title });
    // Each control names its event for a screen reader; the visible text stays the spec's.
    const rsvp = item.getByRole('button', { name: `RSVP to ${title}`, exact: true });
    expect(await visibleText(rsvp)).toBe('RSVP');
    await item.getByRole('link', { name: `Add to calendar: ${title}`, exact: true }).waitFor();
    await page.getByTestId('upcoming-event').filter({ hasText: title }).getByRole('button', { name: `RSVP to ${title}`, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'RSVP', exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Add to calendar', exact: true }).count()).toBe(0);
    await rsvp.click();
    await toastSays(page, 'Success!', "You're now attending this event.");
    await item.getByText('Attending', { exact: true }).waitFor();
    expect(await rsvp.count()).toBe(0);
    await page.getByTestId('upcoming-event').filter({ hasText: title }).getByText('1 attending').waitFor();
    await balanceReaches(page, 15);
    await headerShows(page, 15);

    // Cancelling before the event takes the points back; saying yes again earns nothing more.
    await item.getByRole('button', { name: `Cancel RSVP to ${title}`, exact: true }).click();
    await toastSays(page, 'RSVP cancelled', "You're no longer attending this event.");
    await page.getByTestId('upcoming-event').filter({ hasText: title }).getByText('0 attending').waitFor();
    await balanceReaches(page, 0);
    await rsvp.click();
    await item.getByText('Attending', { exact: true }).waitFor();

    const attending = await callApi<CommunityEventPage>(page, 'GET', `/api/events/attending/${b.id}`);
    expect(attending.body.items.map((e) => e.title)).toEqual([title]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'events-360');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

describe('community projects', () => {
  const title = 'Neighbourhood Tool Library';
  const goals = 'Collect 100 donated tools, find a home for them in the community hall, open two evenings a week, and train ten volunteers.';

  it('shows a visitor the sign-in notice', async () => {
    const context = await newContext(bs);
    const page = await context.newPage();
    await page.goto('/projects');
    await page.getByText('Sign In Required').waitFor();
    await page.getByText('Please sign in to view and create community projects').waitFor();
    await context.close();
  });

  it('lets Ada create a project with the form’s checks, and filters by tab and status', async () => {
    const page = a.page;
    await page.goto('/projects');
    await page.getByRole('heading', { name: 'Community Projects', level: 1 }).waitFor();
    await page.getByText('No projects found. Create one to get started!').waitFor();
    const tabs = page.getByRole('tablist', { name: 'Project categories' }).getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual(['All', 'Events', 'Investments', 'Business Ideas', 'Business', 'Nonprofit Ideas', 'Resources', 'Legislation', 'Petitions', 'Podcasts']);
    const statusFilter = page.getByLabel('Status', { exact: true });
    expect(await statusFilter.locator('option').allInnerTexts()).toEqual(['All Status', 'Active', 'Completed', 'Archived']);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Community Project' });
    await dialog.getByLabel('Title').fill('Hi');
    await dialog.getByLabel('Description', { exact: true }).fill('Too short');
    await dialog.getByLabel('Category').selectOption({ label: 'Other' });
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await dialog.getByText('Title must be at least 3 characters').waitFor();
    await dialog.getByText('Description must be at least 10 characters').waitFor();
    await dialog.getByText('Please enter a custom category').waitFor();

    await dialog.getByLabel('Title').fill(title);
    await dialog.getByText('Title must be at least 3 characters').waitFor({ state: 'detached' });
    await dialog.getByText('Description must be at least 10 characters').waitFor();
    await dialog.getByLabel('Description', { exact: true }).fill('A library of tools anyone on the street can borrow.');
    await dialog.getByText('Description must be at least 10 characters').waitFor({ state: 'detached' });
    await dialog.getByLabel('Custom Category').fill('Sharing');
    await dialog.getByLabel('Goals (optional)').fill(goals);
    // A target date that has passed is refused under its field, which takes the focus; no toast.
    const targetDate = dialog.getByLabel('Target Date (optional)');
    await targetDate.fill('2020-01-01');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    const refusal = dialog.getByText('Must be today or later', { exact: true });
    await refusal.waitFor();
    expect(await targetDate.getAttribute('aria-invalid')).toBe('true');
    expect(await targetDate.getAttribute('aria-describedby')).toBe(await refusal.getAttribute('id'));
    await expect.poll(() => targetDate.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('region', { name: /Notifications/, includeHidden: true }).getByText('Error', { exact: true }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await targetDate.fill('2030-03-05');
    await refusal.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await toastSays(page, 'Success!', 'Project created successfully');
    await dialog.waitFor({ state: 'detached' });

    const card = page.getByTestId('project-card').filter({ hasText: title });
    await card.getByText('Active', { exact: true }).waitFor();
    await card.getByText('Sharing', { exact: true }).waitFor();
    await card.getByText(`${goals.slice(0, 100).trimEnd()}...`).waitFor();
    await card.getByText('Target: Mar 5, 2030').waitFor();
    // The creator is the project's first participant.
    await card.getByText('1 participant', { exact: true }).waitFor();
    await card.getByText('Created by Ada', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Join' }).count()).toBe(0);

    // A pod classroom is what the 'Podcasts' tab lists; Other has no tab of its own.
    const pod = await callApi<Project>(page, 'POST', '/api/projects', { title: 'Thursday Pod Classroom', description: 'Five families teaching together.', category: 'pod_classrooms', status: 'completed' });
    expect(pod.status).toBe(201);
    await page.getByRole('tab', { name: 'Podcasts' }).click();
    const podCard = page.getByTestId('project-card').filter({ hasText: 'Thursday Pod Classroom' });
    await podCard.getByText('Pod Classroom', { exact: true }).waitFor();
    await podCard.getByText('Completed', { exact: true }).waitFor();
    expect(await page.getByTestId('project-card').count()).toBe(1);
    await statusFilter.selectOption({ label: 'Active' });
    await page.getByText('No projects found. Create one to get started!').waitFor();
    // The All tab's list was read before the pod classroom existed (lists are read once, as everywhere).
    await page.reload();
    await expect.poll(() => page.getByTestId('project-card').count()).toBe(2);
    await screenshot(page, 'projects-desktop');
  });

  it('lets Bob join, see himself on the details screen, leave and join again from the keyboard, and credits him 15 points once', async () => {
    const page = b.page;
    await page.goto('/projects');
    const card = page.getByTestId('project-card').filter({ hasText: title });
    // Each card's buttons name their project for a screen reader; the visible text stays the spec's.
    const join = card.getByRole('button', { name: `Join ${title}`, exact: true });
    expect(await visibleText(join)).toBe('Join');
    await page.getByTestId('project-card').filter({ hasText: 'Thursday Pod Classroom' }).getByRole('button', { name: 'Join Thursday Pod Classroom', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Join', exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'View Details', exact: true }).count()).toBe(0);
    // Join becomes Leave and Leave becomes Join where the keyboard is: Enter again undoes it.
    await join.focus();
    await page.keyboard.press('Enter');
    await toastSays(page, 'Joined!', "You've joined this project");
    await card.getByText('2 participants', { exact: true }).waitFor();
    await expect.poll(() => focusedButton(page)).toBe(`Leave ${title}`);
    await page.keyboard.press('Enter');
    await toastSays(page, 'Left project', "You've left this project");
    await card.getByText('1 participant', { exact: true }).waitFor();
    await expect.poll(() => focusedButton(page)).toBe(`Join ${title}`);
    await page.keyboard.press('Enter');
    await card.getByText('2 participants', { exact: true }).waitFor();
    await expect.poll(() => focusedButton(page)).toBe(`Leave ${title}`);

    await card.getByRole('link', { name: `View Details of ${title}`, exact: true }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText(goals, { exact: true }).waitFor();
    await page.getByText('Mar 5, 2030').waitFor();
    await page.getByText('Created by Ada Lovelace').waitFor();
    const participants = page.getByTestId('project-participants');
    await participants.getByRole('listitem').filter({ hasText: 'Ada Lovelace' }).getByText('Creator', { exact: true }).waitFor();
    await participants.getByText('Bob Builder').waitFor();
    expect(await page.getByLabel('Project status').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'project-details-desktop');

    await page.getByRole('button', { name: `Leave ${title}`, exact: true }).focus();
    await page.keyboard.press('Enter');
    await toastSays(page, 'Left project', "You've left this project");
    await participants.getByText('Bob Builder').waitFor({ state: 'detached' });
    await page.getByText('1 participant', { exact: true }).waitFor();
    await expect.poll(() => focusedButton(page)).toBe(`Join ${title}`);
    await page.keyboard.press('Enter');
    await participants.getByText('Bob Builder').waitFor();
    await expect.poll(() => focusedButton(page)).toBe(`Leave ${title}`);
    // 15 for the project, once: leaving and joining again earns nothing more (the RSVP's went back when he cancelled it).
    await headerShows(page, 15);
    await balanceReaches(page, 15);
  });

  it('lets Ada, the creator, change the status on the details screen', async () => {
    const page = a.page;
    await page.goto('/projects');
    await page.getByTestId('project-card').filter({ hasText: title }).getByRole('link', { name: 'View Details' }).click();
    const status = page.getByLabel('Project status');
    await status.selectOption({ label: 'Completed' });
    await toastSays(page, 'Project updated', 'The project is now Completed.');
    expect(await page.getByRole('button', { name: 'Join' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Projects' }).click();
    await page.getByTestId('project-card').filter({ hasText: title }).getByText('Completed', { exact: true }).waitFor();
  });

  it('lets Bob leave the completed project but not join it again, nor join another completed one', async () => {
    const page = b.page;
    const joins: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/join')) joins.push(req.url());
    });
    await page.goto('/projects');
    const card = page.getByTestId('project-card').filter({ hasText: title });
    await card.getByText('Completed', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Leave' }).focus();
    await page.keyboard.press('Enter');
    await toastSays(page, 'Left project', "You've left this project");
    await card.getByText('1 participant', { exact: true }).waitFor();

    // Join stays where Leave was, with the keyboard on it, and does nothing.
    const join = card.getByRole('button', { name: 'Join' });
    await expect.poll(() => focusedButton(page)).toBe(`Join ${title}`);
    expect(await join.getAttribute('aria-disabled')).toBe('true');
    await card.getByText('Not taking new participants').waitFor();
    await page.keyboard.press('Enter');
    await join.click({ force: true });
    const pod = page.getByTestId('project-card').filter({ hasText: 'Thursday Pod Classroom' });
    expect(await pod.getByRole('button', { name: 'Join' }).getAttribute('aria-disabled')).toBe('true');
    await pod.getByText('Not taking new participants').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(joins).toEqual([]);
    expect(await card.getByText('1 participant', { exact: true }).count()).toBe(1);
  });

  it('marks an active project whose target date has passed as Overdue, by the member’s own calendar day', async () => {
    const page = b.page;
    // Far east and far west of Greenwich: at any hour, one of them is on another day than UTC.
    const zones = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'];
    const made: Record<string, string> = {};
    // Made with a date ahead, as the API takes no other, then dated as time would have passed.
    const start = (title: string, extra: Partial<Project> = {}) =>
      callApi<Project>(a.page, 'POST', '/api/projects', { title, description: 'A date on the calendar.', category: 'resources', targetDate: '2031-01-01', ...extra });
    for (const zone of zones) {
      const today = calendarDayIn(zone);
      for (const [due, targetDate] of [
        ['today', today],
        ['yesterday', dayBefore(today)],
      ]) {
        const project = await start(`Due ${due} in ${zone}`);
        expect(project.status).toBe(201);
        await setTargetDate(bs.databaseUrl, project.body.id, targetDate!);
        made[`${zone} ${due}`] = project.body.id;
      }
    }
    const done = await start('Done in 2020', { status: 'completed' });
    expect(done.status).toBe(201);
    await setTargetDate(bs.databaseUrl, done.body.id, '2020-01-01');

    const cdp = await page.context().newCDPSession(page);
    try {
      for (const zone of zones) {
        await cdp.send('Emulation.setTimezoneOverride', { timezoneId: zone });
        await page.goto('/projects');
        const today = calendarDayIn(zone);
        const dueToday = page.getByTestId('project-card').filter({ hasText: `Due today in ${zone}` });
        await dueToday.getByText(`Target: ${dateText(today)}`).waitFor();
        const dueYesterday = page.getByTestId('project-card').filter({ hasText: `Due yesterday in ${zone}` });
        await dueYesterday.getByText(`Target: ${dateText(dayBefore(today))}`).waitFor();
        await dueYesterday.getByText('Overdue', { exact: true }).waitFor();
        expect(await dueToday.getByText('Overdue', { exact: true }).count()).toBe(0);
        await page.getByTestId('project-card').filter({ hasText: 'Done in 2020' }).getByText('Target: Jan 1, 2020').waitFor();
        expect(await page.getByTestId('project-card').filter({ hasText: 'Done in 2020' }).getByText('Overdue').count()).toBe(0);

        await page.goto(`/projects/${made[`${zone} yesterday`]}`);
        const target = targetDateSection(page);
        await target.getByText(dateText(dayBefore(today))).waitFor();
        await target.getByText('Overdue', { exact: true }).waitFor();
        await page.goto(`/projects/${made[`${zone} today`]}`);
        await targetDateSection(page).getByText(dateText(today)).waitFor();
        expect(await page.getByText('Overdue').count()).toBe(0);
      }
    } finally {
      await cdp.send('Emulation.setTimezoneOverride', { timezoneId: '' });
      await cdp.detach();
    }
  });
});

describe('the learning hub', () => {
  const paid = 'Fixing a Leaky Tap';

  it('lets Ada create a tutorial through the form, free switch and all', async () => {
    const page = a.page;
    await page.goto('/learn');
    await page.getByRole('heading', { name: 'Select a Category' }).waitFor();
    await page.getByText('Choose a skill category above to browse available tutorials').waitFor();
    await page.getByRole('tab', { name: 'Saved' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create Tutorial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Tutorial' });
    await dialog.getByRole('button', { name: 'Create Tutorial' }).click();
    await dialog.getByText('Please enter a title').waitFor();
    await dialog.getByText('Please choose a category').waitFor();

    await dialog.getByLabel('Title').fill(paid);
    await dialog.getByText('Please enter a title').waitFor({ state: 'detached' });
    await dialog.getByLabel('Description (optional)').fill('Replace a washer in ten minutes, no plumber needed.');
    await dialog.getByLabel('Video URL (optional)').fill('javascript:alert(1)');
    await dialog.getByLabel('Category').selectOption({ label: 'Trades' });
    await dialog.getByLabel('Skill').selectOption({ label: 'Plumbing' });
    const duration = dialog.getByLabel('Duration (minutes, optional)');
    await duration.pressSequentially('1,5');
    const free = dialog.getByRole('switch', { name: 'Free' });
    expect(await free.getAttribute('aria-checked')).toBe('true');
    expect(await dialog.getByLabel('Price ($)').count()).toBe(0);
    await free.click();
    // Typed key by key, as a member does: a comma is refused, not read as a thousands separator.
    const price = dialog.getByLabel('Price ($)');
    await price.fill('');
    await price.pressSequentially('24,50');
    await dialog.getByRole('button', { name: 'Create Tutorial' }).click();
    await dialog.getByText('Please enter a web address starting with http:// or https://').waitFor();
    await dialog.getByText('Leave out commas, and use a dot for cents: 1250.50').waitFor();
    expect(await price.inputValue()).toBe('24,50');
    await dialog.getByText('Enter a whole number, like 12 or 1,000').waitFor();
    expect(await duration.getAttribute('aria-invalid')).toBe('true');
    expect(await duration.inputValue()).toBe('1,5');
    await price.fill('24.5');
    await duration.fill('12');
    await dialog.getByLabel('Video URL', { exact: true }).fill('https://videos.example.com/leaky-tap.mp4');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create Tutorial' }).click();
    await toastSays(page, 'Tutorial created successfully!');
    await dialog.waitFor({ state: 'detached' });

    // A second one, free and without a description, through the API.
    const categories = await callApi<SkillCategory[]>(page, 'GET', '/api/skill-categories');
    const trades = categories.body.find((c) => c.name === 'Trades')!;
    const skills = await callApi<Skill[]>(page, 'GET', `/api/skills/category/${trades.id}`);
    const body: CreateTutorialBody = { title: 'Bleeding a Radiator', videoUrl: 'https://videos.example.com/radiator.mp4', duration: 5, isFree: true, skillId: skills.body.find((s) => s.name === 'Plumbing')!.id };
    expect((await callApi<Tutorial>(page, 'POST', '/api/diy-content', body)).status).toBe(201);
    await balanceReaches(page, 50);
  });

  it('finds both in their category, and the search narrows the loaded list', async () => {
    const page = a.page;
    await page.getByRole('tab', { name: 'Trades' }).click();
    const card = page.getByTestId('tutorial-card').filter({ hasText: paid });
    await card.getByText('Ada Lovelace').waitFor();
    await card.getByText('12 min').waitFor();
    await card.getByText('0 views').waitFor();
    await card.getByText('$24.50').waitFor();
    await page.getByTestId('tutorial-card').filter({ hasText: 'Bleeding a Radiator' }).getByText('Free', { exact: true }).waitFor();
    await screenshot(page, 'learn-desktop');

    const search = page.getByRole('searchbox', { name: 'Search tutorials' });
    await search.fill('WASHER');
    await expect.poll(() => page.getByTestId('tutorial-card').count()).toBe(1);
    await search.fill('chainsaw');
    await page.getByText('No tutorials match your search').waitFor();
    await search.fill('');
    await page.getByRole('tab', { name: 'Medical' }).click();
    await page.getByText('No tutorials available in this category yet').waitFor();
  });

  it('lets Bob start a free tutorial (one view), save it for later, and enroll in the paid one through the checkout', async () => {
    const page = b.page;
    await page.goto('/learn');
    await page.getByRole('tab', { name: 'Trades' }).click();
    await page.getByRole('button', { name: 'Bleeding a Radiator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bleeding a Radiator' });
    await dialog.getByText('Instructor').waitFor();
    await dialog.getByText('Ada Lovelace').waitFor();
    await dialog.getByText('No description provided').waitFor();
    await dialog.getByText('Plumbing', { exact: true }).waitFor();
    const video = dialog.locator('video[controls]');
    expect(await video.getAttribute('src')).toBe('https://videos.example.com/radiator.mp4');
    await expect.poll(() => video.evaluate((v) => (v as HTMLVideoElement).readyState)).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Start Learning (Free)' }).click();
    await dialog.getByTestId('tutorial-views').filter({ hasText: '1 view' }).waitFor();
    await dialog.getByRole('button', { name: 'Start Learning (Free)' }).click();
    // One view per member, however often they start.
    await page.waitForLoadState('networkidle');
    expect(await dialog.getByTestId('tutorial-views').innerText()).toBe('1 view');

    const save = dialog.getByRole('button', { name: 'Save for Later' });
    await save.click();
    await dialog.getByRole('status').filter({ hasText: 'Saved for later. Find it in the Saved tab.' }).waitFor();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'learn-tutorial-dialog');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('tab', { name: 'Saved' }).click();
    await page.getByTestId('tutorial-card').filter({ hasText: 'Bleeding a Radiator' }).getByText('1 view').waitFor();

    await page.getByRole('tab', { name: 'Trades' }).click();
    const paidCard = page.getByTestId('tutorial-card').filter({ hasText: paid });
    await paidCard.getByText('$24.50', { exact: true }).waitFor();
    expect(await paidCard.getByText('Enrolled', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: paid }).click();
    const paidDialog = page.getByRole('dialog', { name: paid });
    await paidDialog.getByText('Instructor').waitFor();
    // Not enrolled: no player, and the address of the video never reaches the page.
    expect(await paidDialog.locator('video, iframe').count()).toBe(0);
    expect(await paidDialog.getByRole('button', { name: /^Start Learning/ }).count()).toBe(0);
    expect(await page.content()).not.toContain('leaky-tap.mp4');
    await paidDialog.getByRole('button', { name: 'Enroll for $24.50' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    const query = new URL(page.url()).searchParams;
    const tutorialId = query.get('tutorialId');
    expect(Object.fromEntries(query)).toEqual({ amount: '24.50', sellerId: a.id, type: 'purchase', tutorialId, description: `Tutorial: ${paid}` });
  });

  it('lets Bob pay for the paid tutorial through the development checkout, then watch it and Start Learning, while Ada sees her own video', async () => {
    const page = b.page;
    // Continues at the checkout Enroll opened in the test before.
    const enrolHref = page.url();
    await reachPaymentForm(page);
    expect(await page.getByTestId('checkout-amount').innerText()).toBe('$24.50');
    await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
    await page.getByRole('textbox', { name: 'CVC' }).fill('123');
    await page.getByRole('button', { name: 'Pay $24.50' }).click();
    await page.waitForURL((url) => url.pathname === '/payment-success');
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    expect(await page.getByTestId('payment-summary').innerText()).toBe(`Purchase of $24.50 to Ada Lovelace · Tutorial: ${paid}`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to your tutorial' }).click();

    await page.waitForURL((url) => url.pathname === '/learn' && url.searchParams.has('tutorial'));
    const dialog = page.getByRole('dialog', { name: paid });
    // The enrollment lands through an event a moment after the payment; the dialog waits for it.
    const start = dialog.getByRole('button', { name: 'Start Learning', exact: true });
    await start.waitFor({ timeout: 15_000 });
    await dialog.getByText('Enrolled', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: /^Enroll for/ }).count()).toBe(0);
    const video = dialog.locator('video[controls]');
    expect(await video.getAttribute('src')).toBe('https://videos.example.com/leaky-tap.mp4');
    await start.click();
    await dialog.getByTestId('tutorial-views').filter({ hasText: '1 view' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'learn-enrolled-tutorial');
    // Closing it leaves the tutorial's category open, its card among the others. (Escape would
    // first close the payment's toast, still on screen.)
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === '/learn' && !url.searchParams.has('tutorial'));
    const card = page.getByTestId('tutorial-card').filter({ hasText: paid });
    await card.getByText('1 view').waitFor();
    // The card says so too, beside the price, without opening it.
    await card.getByText('Enrolled', { exact: true }).waitFor();
    expect(await card.getByText('$24.50', { exact: true }).isVisible()).toBe(true);

    // Enroll's checkout opened again (Back, a tab left open) says the tutorial is Bob's, and opens it.
    await page.goto(enrolHref);
    const already = page.getByTestId('already-bought');
    await already.getByRole('heading', { name: 'Already Enrolled' }).waitFor();
    expect(await already.getByText(`You paid $24.50 for Tutorial: ${paid} just now; you are enrolled.`).isVisible()).toBe(true);
    expect(await page.getByTestId('payment-error').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await already.getByRole('link', { name: 'Open Tutorial' }).click();
    await page.getByRole('dialog', { name: paid }).getByRole('button', { name: 'Start Learning', exact: true }).waitFor();
    await page.keyboard.press('Escape');

    // The creator sees her own video without paying, and her card is not hers to enroll in.
    await a.page.goto('/learn');
    await a.page.getByRole('tab', { name: 'Trades' }).click();
    const ownCard = a.page.getByTestId('tutorial-card').filter({ hasText: paid });
    await ownCard.getByText('$24.50', { exact: true }).waitFor();
    expect(await ownCard.getByText('Enrolled', { exact: true }).count()).toBe(0);
    await a.page.getByRole('button', { name: paid }).click();
    const own = a.page.getByRole('dialog', { name: paid });
    expect(await own.locator('video[controls]').getAttribute('src')).toBe('https://videos.example.com/leaky-tap.mp4');
    await own.getByText(`You created this tutorial ($24.50).`).waitFor();
    await a.page.keyboard.press('Escape');
  });

  it('plays a YouTube or Vimeo link in the site’s privacy-friendly player, and links to a page or a file it cannot play', async () => {
    const youtube = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    const vimeo = 'https://player.vimeo.com/video/76979871';
    const cases: { title: string; videoUrl: string; shows: { player: string } | 'link' | 'gone' }[] = [
      { title: 'Sweating a Copper Joint', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', shows: { player: youtube } },
      { title: 'Clearing a Slow Drain', videoUrl: 'https://youtu.be/dQw4w9WgXcQ?si=Xy12', shows: { player: youtube } },
      { title: 'Swapping a Shower Head', videoUrl: 'https://m.youtube.com/shorts/dQw4w9WgXcQ', shows: { player: youtube } },
      { title: 'Reading a Water Meter', videoUrl: 'https://youtube.com/embed/dQw4w9WgXcQ?start=30', shows: { player: youtube } },
      { title: 'Insulating Pipes', videoUrl: 'https://vimeo.com/76979871', shows: { player: vimeo } },
      { title: 'Fixing a Running Toilet', videoUrl: 'https://player.vimeo.com/video/76979871?h=8272103f6e&badge=0', shows: { player: `${vimeo}?h=8272103f6e` } },
      { title: 'Tightening a Loose Tap', videoUrl: 'https://www.example.org/plumbing/loose-tap', shows: 'link' },
      // Only a well-formed id reaches the player's address; anything else is a page to open.
      { title: 'Replacing a Fill Valve', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ%22%20onload%3D%22alert(1)', shows: 'link' },
      { title: 'Draining a Water Heater', videoUrl: GONE_VIDEO, shows: 'gone' },
    ];
    const categories = await callApi<SkillCategory[]>(a.page, 'GET', '/api/skill-categories');
    const skills = await callApi<Skill[]>(a.page, 'GET', `/api/skills/category/${categories.body.find((c) => c.name === 'Trades')!.id}`);
    const skillId = skills.body.find((s) => s.name === 'Plumbing')!.id;
    for (const { title, videoUrl } of cases) {
      const body: CreateTutorialBody = { title, videoUrl, isFree: true, skillId };
      expect((await callApi<Tutorial>(a.page, 'POST', '/api/diy-content', body)).status).toBe(201);
    }

    const page = b.page;
    await page.goto('/learn');
    await page.getByRole('tab', { name: 'Trades' }).click();
    for (const { title, videoUrl, shows } of cases) {
      await page.getByRole('button', { name: title, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.getByText('Instructor').waitFor();
      const link = dialog.getByRole('link', { name: 'Open the video' });
      if (typeof shows === 'object') {
        const player = dialog.locator(`iframe[title="Video: ${title}"]`);
        expect(await player.getAttribute('src')).toBe(shows.player);
        // The page's policy lets the player's frame in (its host is stubbed: no network here).
        await dialog.frameLocator('iframe').getByText('Video player').waitFor();
        expect(await dialog.locator('video').count()).toBe(0);
        expect(await link.count()).toBe(0);
      } else {
        if (shows === 'gone') await dialog.getByText('This video could not be played here.').waitFor();
        expect(await link.getAttribute('href')).toBe(videoUrl);
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await link.getAttribute('rel')).toContain('noopener');
        expect(await dialog.locator('video, iframe').count()).toBe(0);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }

    // Start Learning starts the site's player, as it plays a video file, and counts the view.
    await page.getByRole('button', { name: 'Sweating a Copper Joint', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sweating a Copper Joint' });
    await dialog.getByRole('button', { name: 'Start Learning (Free)' }).click();
    await dialog.getByTestId('tutorial-views').filter({ hasText: '1 view' }).waitFor();
    expect(await dialog.locator('iframe').getAttribute('src')).toBe(`${youtube}?autoplay=1`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('keeps the keyboard in a tutorial’s details after Start Learning and Save for Later, so Escape closes them', async () => {
    const page = b.page;
    await page.goto('/learn');
    await page.getByRole('tab', { name: 'Trades' }).click();
    const card = page.getByRole('button', { name: 'Insulating Pipes', exact: true });
    await card.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Insulating Pipes' });
    const start = dialog.getByRole('button', { name: 'Start Learning (Free)' });
    await start.focus();
    await page.keyboard.press('Enter');
    await dialog.getByTestId('tutorial-views').filter({ hasText: '1 view' }).waitFor();
    expect(await start.evaluate((el) => el === document.activeElement)).toBe(true);

    const save = dialog.getByRole('button', { name: 'Save for Later' });
    await save.focus();
    await page.keyboard.press('Enter');
    // Said in the dialog, not in a toast above it that would take the first Escape.
    const said = dialog.getByRole('status');
    await said.filter({ hasText: 'Saved for later. Find it in the Saved tab.' }).waitFor();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
    expect(await save.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await said.filter({ hasText: 'Removed from saved. It is no longer in the Saved tab.' }).waitFor();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('false');
    expect(await save.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => card.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('shows Ada’s tutorials in her profile dialog', async () => {
    const page = b.page;
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Ada');
    await page.getByTestId('profile-card').filter({ hasText: 'Ada Lovelace' }).getByRole('button', { name: 'Ada Lovelace', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ada Lovelace' });
    await dialog.getByRole('heading', { name: 'DIY Training & Content' }).waitFor();
    const list = dialog.getByTestId('creator-tutorials');
    await list.getByText(paid).waitFor();
    await list.getByText('Bleeding a Radiator').waitFor();
  });
});
