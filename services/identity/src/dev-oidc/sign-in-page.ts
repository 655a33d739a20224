import { escapeHtml } from './provider.js';

export interface SignInForm {
  email: string;
  firstName: string;
  lastName: string;
}

/** The development provider's sign-in page: plain HTML, labelled so nobody mistakes it for a real login. */
export function renderSignInPage(uid: string, values: Partial<SignInForm> = {}, error?: string): string {
  const v = (key: keyof SignInForm) => escapeHtml(values[key] ?? '');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development sign-in · FreeMarket</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f8fafc; color: #0f172a; display: grid; place-items: center; min-height: 100vh; margin: 0; }
  main { background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 1px 3px rgba(0,0,0,.12); width: min(380px, 92vw); }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  .badge { display: inline-block; background: #fef3c7; color: #92400e; border-radius: 999px; padding: .15rem .6rem; font-size: .75rem; font-weight: 600; }
  p { color: #475569; font-size: .9rem; }
  label { display: block; font-size: .875rem; font-weight: 600; margin-top: 1rem; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; margin-top: .3rem; border: 1px solid #cbd5e1; border-radius: 8px; font-size: 1rem; }
  button { margin-top: 1.5rem; width: 100%; padding: .7rem; border: 0; border-radius: 8px; background: #2563eb; color: #fff; font-size: 1rem; font-weight: 600; cursor: pointer; }
  .error { color: #b91c1c; background: #fef2f2; padding: .5rem .75rem; border-radius: 8px; }
</style>
</head>
<body>
<main>
  <span class="badge">Development sign-in</span>
  <h1>Sign in to FreeMarket</h1>
  <p>This is the built-in development identity provider. There is no password: anyone can sign in as any email address. Never enable it in production.</p>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <form method="post" action="/oidc/interaction/${escapeHtml(uid)}/login">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required maxlength="320" value="${v('email')}">
    <label for="firstName">First name</label>
    <input id="firstName" name="firstName" autocomplete="given-name" required maxlength="100" value="${v('firstName')}">
    <label for="lastName">Last name</label>
    <input id="lastName" name="lastName" autocomplete="family-name" required maxlength="100" value="${v('lastName')}">
    <button type="submit">Sign in</button>
  </form>
</main>
</body>
</html>`;
}
