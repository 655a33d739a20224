import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CONNECTION_REASK_COOLDOWN_DAYS, type Connection, type ConnectionStatusResponse, type ErrorBody, type MessagePage, type ProfileInput } from '@freemarket/contracts';
import { callApi, screenshot, signedInMember, startBrowserStack, type BrowserStack, type SignedInMember } from './harness.js';

const SF = { latitude: 37.7749, longitude: -122.4194 };
const ada = { email: 'ada.live@example.com', firstName: 'Ada', lastName: 'Lovelace' };
const bob = { email: 'bob.live@example.com', firstName: 'Bob', lastName: 'Builder' };
const cy = { email: 'cy.live@example.com', firstName: 'Cy', lastName: 'Cooper' };

let bs: BrowserStack;
let a: SignedInMember;
let b: SignedInMember;
let c: SignedInMember;

/** Waits for a toast with this title and text (the toast region holds one at a time, and stays readable while a dialog is open). */
async function toastSays(page: Page, title: string, text: string): Promise<void> {
  const region = page.getByRole('region', { name: /Notifications/, includeHidden: true });
  await region.getByText(title, { exact: true }).waitFor();
  await region.getByText(text, { exact: true }).waitFor();
}

/** Ada's profile dialog, opened from the map's search results. */
async function openAdasDialog(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search' }).fill('Ada');
  await page.getByTestId('profile-card').filter({ hasText: 'Ada Lovelace' }).getByRole('button', { name: 'Ada Lovelace', exact: true }).click();
  await page.getByRole('dialog', { name: 'Ada Lovelace' }).waitFor();
}

/** Marks the open document; a reload drops the mark, so finding it later shows the screen changed in place. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.dataset.stillOpen = 'yes';
  });
}

async function stillMarked(page: Page): Promise<boolean> {
  return (await page.locator('html[data-still-open="yes"]').count()) === 1;
}

/** The texts of the conversation on screen, oldest first. */
function shownMessages(page: Page): Promise<string[]> {
  return page.getByTestId('message').locator('p.whitespace-pre-wrap').allTextContents();
}

beforeAll(async () => {
  bs = await startBrowserStack();
  a = await signedInMember(bs, ada, { geolocation: SF });
  b = await signedInMember(bs, bob, { geolocation: SF });
  c = await signedInMember(bs, cy, { geolocation: SF });
  const profile: ProfileInput = { title: 'Master Electrician', address: '1 Market St, San Francisco', latitude: 37.7793, longitude: -122.4193, isServiceProvider: true };
  expect((await callApi(a.page, 'POST', '/api/profiles', profile)).status).toBe(201);
});
afterAll(async () => {
  await bs?.stop();
});

describe('connecting, live on both screens', () => {
  it('shows Bob’s request on Ada’s open Connections screen and bell, and his Pending turns Connected when she accepts, without a reload', async () => {
    await a.page.goto('/connections');
    await a.page.getByRole('tab', { name: 'Requests (0)' }).waitFor();
    await a.page.getByRole('link', { name: 'Notifications: nothing new' }).waitFor();
    await markDocument(a.page);

    await openAdasDialog(b.page);
    const dialog = b.page.getByRole('dialog', { name: 'Ada Lovelace' });
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await dialog.getByRole('button', { name: 'Pending' }).waitFor();
    await markDocument(b.page);

    await a.page.getByRole('tab', { name: 'Requests (1)' }).waitFor({ timeout: 5000 });
    await a.page.getByRole('link', { name: 'Notifications: 1 connection request' }).waitFor({ timeout: 5000 });
    await a.page.getByRole('tab', { name: 'Requests (1)' }).click();
    await a.page.getByTestId('connection-row').filter({ hasText: 'Bob Builder' }).getByRole('button', { name: 'Accept' }).click();
    await a.page.getByRole('tab', { name: 'All (1)' }).waitFor();

    await dialog.getByRole('button', { name: 'Connected' }).waitFor({ timeout: 5000 });
    expect(await stillMarked(a.page)).toBe(true);
    expect(await stillMarked(b.page)).toBe(true);
  });

  it('turns Cy’s Pending into Request declined when Ada declines, without a reload, saying when he may ask again, as a date', async () => {
    await openAdasDialog(c.page);
    const dialog = c.page.getByRole('dialog', { name: 'Ada Lovelace' });
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await dialog.getByRole('button', { name: 'Pending' }).waitFor();
    await markDocument(c.page);

    const status = await callApi<ConnectionStatusResponse>(c.page, 'GET', `/api/connections/status/${a.id}`);
    const declined = await callApi<Connection>(a.page, 'PUT', `/api/connections/${status.body.connectionId}`, { status: 'rejected' });
    expect(declined.status).toBe(200);
    const askAgainAt = new Date(declined.body.updatedAt).getTime() + CONNECTION_REASK_COOLDOWN_DAYS * 86_400_000;
    // As the member's own calendar writes it.
    const askAgainOn = await c.page.evaluate((at) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(at), askAgainAt);

    await dialog.getByRole('button', { name: 'Request declined' }).waitFor({ timeout: 5000 });
    expect(await dialog.getByRole('button', { name: 'Request declined' }).isDisabled()).toBe(true);
    await dialog.getByText(`You can ask again after ${askAgainOn}`, { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Connect', exact: true }).count()).toBe(0);
    expect(await stillMarked(c.page)).toBe(true);
  });
});

describe('messaging', () => {
  it('names Ada in the chat header when Bob opens a first conversation with her', async () => {
    await b.page.goto(`/messages?with=${encodeURIComponent(a.id)}`);
    await b.page.getByRole('region', { name: 'Conversation with Ada Lovelace' }).getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    await b.page.getByText('Send a message to start the conversation!').waitFor();
  });

  it('sends every message Bob sends with Enter, in order, while keeping what he types as they go out slowly', async () => {
    await a.page.goto(`/messages?with=${encodeURIComponent(b.id)}`);
    await a.page.getByText('Send a message to start the conversation!').waitFor();
    // Each send takes 400 ms to reach the server.
    await b.page.route('**/api/messages', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    const input = b.page.getByRole('textbox', { name: 'Message' });
    await input.pressSequentially('See you Saturday', { delay: 40 });
    await input.press('Enter');
    await input.pressSequentially('Message two', { delay: 20 });
    await input.press('Enter');
    await input.pressSequentially('Message three', { delay: 20 });
    await input.press('Enter');
    await input.pressSequentially('I will bring the wrench set', { delay: 40 });

    const sent = ['See you Saturday', 'Message two', 'Message three'];
    await expect.poll(() => shownMessages(a.page), { timeout: 10_000 }).toEqual(sent);
    await expect.poll(() => shownMessages(b.page), { timeout: 10_000 }).toEqual(sent);
    expect(await input.inputValue()).toBe('I will bring the wrench set');
    await b.page.unroute('**/api/messages');
    await screenshot(b.page, 'messages-typing-while-sending');
  });

  it('counts characters near the 2,000 limit and takes no more', async () => {
    const input = b.page.getByRole('textbox', { name: 'Message' });
    await input.fill('x'.repeat(1799));
    expect(await b.page.getByTestId('message-length').count()).toBe(0);
    await input.fill('');
    await input.pressSequentially('y'.repeat(5));
    await b.page.keyboard.insertText('x'.repeat(2100));
    expect((await input.inputValue()).length).toBe(2000);
    expect(await b.page.getByTestId('message-length').textContent()).toBe('2,000 / 2,000 characters');
    await input.fill('');
  });

  it('shortens a long latest message in the conversation list to its column, with an ellipsis', async () => {
    const long = 'Could you look at the kitchen sink on Tuesday afternoon, and bring the long wrench too, please?';
    expect((await callApi(a.page, 'POST', '/api/messages', { receiverId: b.id, content: long })).status).toBe(201);
    await b.page.goto(`/messages?with=${encodeURIComponent(a.id)}`);
    const preview = b.page.getByTestId('conversation').filter({ hasText: 'Ada Lovelace' }).getByText(long, { exact: true });
    await preview.waitFor();
    const column = await b.page.getByRole('complementary', { name: 'Conversations' }).boundingBox();
    const text = await preview.boundingBox();
    expect(text!.x + text!.width).toBeLessThanOrEqual(column!.x + column!.width);
    expect(await preview.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis')).toBe(true);
  });

  it('says why a message is refused, and gives its text back', async () => {
    // Bob spends his sends for the moment (on notes to Cy), so the server refuses his next one; a
    // refusal that would end within seconds is waited out and spent again.
    const note = () => callApi<ErrorBody>(b.page, 'POST', '/api/messages', { receiverId: c.id, content: 'note' });
    let refusal = await note();
    for (;;) {
      while (refusal.status === 201) refusal = await note();
      expect(refusal.status).toBe(429);
      const seconds = Number(/(\d+) s(econds)?$/.exec(refusal.body.message)?.[1]);
      expect(seconds).toBeGreaterThan(0);
      if (seconds >= 5) break;
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 500));
      refusal = await note();
    }
    // Spec 01 §8's text, and the server's reason on its own line as a sentence.
    const sameRefusal = new RegExp(`^${refusal.body.message.replace(/[()]/g, '\\$&').replace(/\d+/g, '\\d+')}\\.?$`);
    const input = b.page.getByRole('textbox', { name: 'Message' });
    await input.fill('One more thing');
    await input.press('Enter');
    const region = b.page.getByRole('region', { name: /Notifications/, includeHidden: true });
    await region.getByText('Failed to send message', { exact: true }).first().waitFor();
    await region.getByText(sameRefusal).waitFor();
    await expect.poll(() => input.inputValue()).toBe('One more thing');
    const conversation = await callApi<MessagePage>(b.page, 'GET', `/api/messages/${a.id}`);
    expect(conversation.body.items.map((m) => m.content)).not.toContain('One more thing');
  });
});

describe('broadcasting', () => {
  it('tells Cy, who has no connections, that there is no one to send to, and keeps his text', async () => {
    await c.page.goto('/feed');
    await c.page.getByRole('tab', { name: 'Network Broadcast' }).click();
    const text = c.page.getByRole('textbox', { name: 'Message to your network' });
    await text.fill('Anyone up for a street clean-up?');
    await c.page.getByRole('button', { name: 'Broadcast', exact: true }).click();
    await toastSays(c.page, 'You have no connections yet', 'Connect with members on the map first; your message is still here to send them.');
    expect(await text.inputValue()).toBe('Anyone up for a street clean-up?');
  });
});
