/**
 * A cookie-keeping HTTP client that behaves like a browser on one origin: it follows
 * redirects itself, so tests can see every hop of the sign-in flow.
 */
export class BrowserSession {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** One request, no redirect following; cookies are stored from the answer. */
  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(path, this.baseUrl);
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', this.cookieHeader());
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(res);
    return res;
  }

  /** Follows redirects like a browser (303 turns into GET), returning the final answer and the hops. */
  async follow(path: string, init: RequestInit = {}, maxHops = 15): Promise<{ response: Response; hops: string[] }> {
    const hops: string[] = [];
    let res = await this.request(path, init);
    let current = new URL(path, this.baseUrl);
    while (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      if (hops.length >= maxHops) throw new Error(`too many redirects: ${hops.join(' -> ')}`);
      current = new URL(res.headers.get('location')!, current);
      hops.push(current.pathname);
      if (current.origin !== new URL(this.baseUrl).origin) throw new Error(`redirect left the site: ${current.href}`);
      res = await this.request(current.pathname + current.search);
    }
    return { response: res, hops };
  }

  async json<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
    const res = await this.request(path, init);
    return { status: res.status, body: (await res.json()) as T };
  }

  private store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export interface DevIdentity {
  email: string;
  firstName: string;
  lastName: string;
}

/** Where a provider page's form posts to (HTML-escaped). */
const FORM_ACTION = /<form method="post" action="([^"]+)"/;

/**
 * Signs in through the gateway and the development provider, as a person would:
 * /api/login → the provider → its sign-in form → /api/callback → the app.
 */
export async function signInWithDevProvider(session: BrowserSession, identity: DevIdentity): Promise<{ hops: string[] }> {
  // The development provider asks at every sign-in, so the form comes up even for a member it remembers.
  const start = await session.follow('/api/login');
  const formPage = await start.response.text();
  const action = FORM_ACTION.exec(formPage)?.[1];
  if (!action) throw new Error(`no development sign-in form after ${start.hops.join(' -> ')} (status ${start.response.status})`);
  const submit = (to: string, fields: Record<string, string>) =>
    session.follow(unescapeHtml(to), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  let done = await submit(action, { ...identity });
  // Another member than the provider remembers: its page posts a form by script, ending the last
  // member's session at the provider, and the sign-in goes on. A browser does that by itself.
  const ending = done.hops.includes('/api/callback') ? null : selfPostingForm(await done.response.text());
  if (ending) {
    const resumed = await submit(ending.action, ending.fields);
    done = { response: resumed.response, hops: [...done.hops, ...resumed.hops] };
  }
  if (!done.hops.some((h) => h === '/api/callback')) throw new Error(`sign-in did not reach /api/callback: ${done.hops.join(' -> ')}`);
  return { hops: [...start.hops, ...done.hops] };
}

/** The form a page submits by script as it loads (oidc-provider's), with its hidden fields; null when there is none. */
function selfPostingForm(page: string): { action: string; fields: Record<string, string> } | null {
  if (!page.includes('document.forms[0].submit()')) return null;
  const action = FORM_ACTION.exec(page)?.[1];
  if (!action) return null;
  const fields = Object.fromEntries([...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)].map((m) => [m[1]!, unescapeHtml(m[2]!)]));
  return { action, fields };
}

function unescapeHtml(text: string): string {
  return text.replace(/&(amp|quot|#39|lt|gt);/g, (_, name: string) => ({ amp: '&', quot: '"', '#39': "'", lt: '<', gt: '>' })[name]!);
}
