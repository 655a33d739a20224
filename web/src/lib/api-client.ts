import { UNAUTHORIZED_REDIRECT_DELAY_MS } from '../config/constants';
import { currentPage, navigateTo, paths } from '../config/paths';
import { toast } from '../components/ui/toast-store';
import { readableReason } from './server-reason';

/** An answer that was not 2xx; its message is 'status: body' as the spec's error rules require (spec 01 §8). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }

  get isUnauthorized(): boolean {
    return isUnauthorizedError(this);
  }
}

/** Spec 01 §8: a message that begins '401: ' and contains 'Unauthorized'. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401: ') && error.message.includes('Unauthorized');
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new ApiError(res.status, `${res.status}: ${text}`);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The one request helper: credentials always, JSON only when there is a body (spec 01 §7). */
export async function apiRequest<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A GET with query parameters; undefined and empty values are left out. */
export function apiGet<T>(path: string, query?: Record<string, string | number | boolean | undefined | null>): Promise<T> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return apiRequest<T>('GET', qs ? `${path}?${qs}` : path);
}

let redirecting = false;

/**
 * Spec 01 §8: the 'Unauthorized' toast, then sign-in again after 500 ms. Returns whether the error
 * was an unauthorized one (and so has been handled).
 */
export function handleUnauthorized(error: unknown): boolean {
  if (!isUnauthorizedError(error)) return false;
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  if (!redirecting) {
    redirecting = true;
    setTimeout(() => navigateTo(paths.login.getHref(currentPage())), UNAUTHORIZED_REDIRECT_DELAY_MS);
  }
  return true;
}

/** The `message` of an error answer's `{ message }` body; null when the body is not that JSON. */
function statedMessageOf(error: ApiError): string | null {
  try {
    const parsed: unknown = JSON.parse(error.message.slice(`${error.status}: `.length));
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: no message of the server's own.
  }
  return null;
}

/**
 * What the server said went wrong: the `message` of an error answer's `{ message }` body, else the
 * error's own message (a network failure, or a body that is not that JSON).
 */
export function errorMessageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (!(error instanceof ApiError)) return error.message;
  return statedMessageOf(error) ?? error.message.slice(`${error.status}: `.length);
}

function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && !error.isUnauthorized;
}

/**
 * The server's reason for refusing what the member asked (a 4xx answer), or null for a failure
 * that is not theirs to put right (the network, a 5xx); 401 has its own flow.
 */
export function refusalOf(error: unknown): string | null {
  return isRefusal(error) ? errorMessageOf(error) : null;
}

/**
 * A refusal's reason as a member reads it ('Expense date must be 1900-01-01 or later.'), or null:
 * for a failure that is not a refusal, and for a 4xx whose body states no reason of the server's.
 */
export function readableRefusalOf(error: unknown): string | null {
  const stated = isRefusal(error) ? statedMessageOf(error) : null;
  return stated ? readableReason(stated) : null;
}

/**
 * What every failed action shows: the unauthorized flow, or a destructive toast, titled 'Error'
 * unless the action names its own title (the payment screen's 'Payment Setup Error'). `failureText`
 * is shown as given; `reason`, when there is one, on its own line under it.
 */
export function reportActionError(error: unknown, failureText: string, { title = 'Error', reason = null }: { title?: string; reason?: string | null } = {}): void {
  if (handleUnauthorized(error)) return;
  toast({ title, description: failureText, ...(reason ? { reason } : {}), variant: 'destructive' });
}
