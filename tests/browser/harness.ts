import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startTestStack, type StripeSettings, type TestStack } from '@freemarket/testing/stack';

/** Debian's Chromium; never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Screenshots land here; CI keeps the folder as the test artifacts. */
export const ARTIFACTS_DIR = resolve(import.meta.dirname, '..', '..', 'test-results', 'browser');

/** A 1×1 light tile: the map never waits on a tile server this network cannot reach. */
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4+f0bAAXBAvcq3I6+AAAAAElFTkSuQmCC', 'base64');
const TILE_HOSTS = /^https?:\/\/([a-z]\.)?tile\.openstreetmap\.(org|fr)\//;
/** A page in place of YouTube's and Vimeo's embedded players: a tutorial's player never waits on a host this network cannot reach. */
const VIDEO_PLAYER_STUB = '<!doctype html><title>Video player</title><p>Video player</p>';
const VIDEO_PLAYER_HOSTS = /^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//;

export interface BrowserStack {
  stack: TestStack;
  browser: Browser;
  /** The stack's Postgres database (every service's schema), for seeding data in bulk. */
  databaseUrl: string;
  stop(): Promise<void>;
}

export interface BrowserStackOptions {
  /** Local mode's development payment provider; on unless a test needs payments unconfigured. */
  devPayments?: boolean;
  /** Stripe instead of the development provider, its API a local fake (`@freemarket/testing/fake-stripe`). */
  stripe?: StripeSettings;
}

/** The whole platform on the real Postgres, NATS and Redis (as CI has them), and a headless Chromium. */
export async function startBrowserStack(options: BrowserStackOptions = {}): Promise<BrowserStack> {
  const stack = await startTestStack({ webDistDir: resolve(import.meta.dirname, '..', '..', 'web', 'dist'), devPayments: options.devPayments, stripe: options.stripe });
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  } catch (err) {
    await stack.stop();
    throw err;
  }
  return {
    stack,
    browser,
    databaseUrl: stack.databaseUrl,
    async stop() {
      await browser.close().catch(() => undefined);
      await stack.stop();
    },
  };
}

export interface ContextOptions {
  width?: number;
  height?: number;
  /** Grant geolocation at this position; without it the browser refuses and the default applies. */
  geolocation?: { latitude: number; longitude: number };
}

/** A fresh browser profile (its own cookies) with the tile and video player stubs in place. */
export async function newContext(bs: BrowserStack, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await bs.browser.newContext({
    baseURL: bs.stack.url,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    ...(options.geolocation ? { geolocation: options.geolocation, permissions: ['geolocation'] } : {}),
  });
  await context.route(TILE_HOSTS, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG }));
  await context.route(VIDEO_PLAYER_HOSTS, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: VIDEO_PLAYER_STUB }));
  return context;
}

export interface Member {
  email: string;
  firstName: string;
  lastName: string;
}

/** Signs in as a person does: Get Started on the landing page, then the development provider's form. */
export async function signIn(page: Page, member: Member): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).first().click();
  await fillSignInForm(page, member, '/');
  await page.getByRole('button', { name: 'Log Out' }).or(page.getByRole('button', { name: 'Open menu' })).first().waitFor();
}

/** Once a Log In or Get Started button has been pressed: the development provider's form, then back at `landsOn`. */
export async function fillSignInForm(page: Page, member: Member, landsOn: string): Promise<void> {
  await page.waitForURL(/\/oidc\//);
  await page.fill('#email', member.email);
  await page.fill('#firstName', member.firstName);
  await page.fill('#lastName', member.lastName);
  await Promise.all([page.waitForURL((url) => url.pathname === landsOn), page.locator('form button, form [type=submit]').first().click()]);
}

/** A signed-in member in a browser profile of their own, with their user id. */
export interface SignedInMember {
  context: BrowserContext;
  page: Page;
  id: string;
}

/** Opens a browser profile and signs `member` in through the landing page. */
export async function signedInMember(bs: BrowserStack, member: Member, options: ContextOptions = {}): Promise<SignedInMember> {
  const context = await newContext(bs, options);
  const page = await context.newPage();
  await signIn(page, member);
  const me = await callApi<{ id: string }>(page, 'GET', '/api/auth/user');
  return { context, page, id: me.body.id };
}

/** Opens a tab (the profile page's) by its name and waits for its panel. */
export async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tabpanel', { name, exact: true }).waitFor();
}

/** A JSON call from inside the page, with the member's cookies, as the client makes it. */
export async function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p, { method: m, credentials: 'include', headers: b === undefined ? {} : { 'content-type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    },
    [method, path, body] as const,
  );
}

/** What an element shows on screen: its text without what only a screen reader hears (`.sr-only`). */
export function visibleText(locator: Locator): Promise<string> {
  return locator.evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.sr-only').forEach((hidden) => hidden.remove());
    return (copy.textContent ?? '').trim();
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: false });
}
