import type { Page } from 'playwright-core';

/** Waits for a toast with this title and these lines, each its own text (the region is read while a dialog hides it). */
export async function toastSays(page: Page, title: string, ...lines: string[]): Promise<void> {
  const region = page.getByRole('region', { name: /Notifications/, includeHidden: true });
  await region.getByText(title, { exact: true }).first().waitFor();
  for (const line of lines) await region.getByText(line, { exact: true }).first().waitFor();
}

/** The /checkout address a Buy Now, Send Money or Donate link builds (web/src/config/paths.ts). */
export function checkoutHref(q: { sellerId: string; type: string; amount?: string; itemId?: string; description?: string }): string {
  const query = new URLSearchParams({ amount: q.amount ?? '', sellerId: q.sellerId, type: q.type });
  if (q.itemId) query.set('itemId', q.itemId);
  if (q.description) query.set('description', q.description);
  return `/checkout?${query.toString()}`;
}

/**
 * Commerce learns of members and of candidates through events, a moment after sign-in or a profile
 * change: until then the server refuses the intent and the page shows its error card. Enters the
 * amount when the page asks for it, then reloads until the payment form is there.
 */
export async function reachPaymentForm(page: Page, enterAmount?: { question: string; amount: string }): Promise<void> {
  const form = page.getByRole('heading', { name: 'Complete Your Payment' });
  const refused = page.getByRole('heading', { name: 'Payment Error' });
  const deadline = Date.now() + 30_000;
  for (;;) {
    // An amount entered once is in the address: a reload goes straight to the payment.
    const amountBox = enterAmount ? page.getByRole('textbox', { name: enterAmount.question }) : null;
    if (enterAmount && amountBox && (await amountBox.isVisible())) {
      await amountBox.fill(enterAmount.amount);
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await form.or(refused).waitFor();
    if (await form.isVisible()) return;
    if (Date.now() > deadline) throw new Error(`the checkout kept refusing: ${await page.getByTestId('payment-error').innerText()}`);
    await page.waitForTimeout(500);
    await page.reload();
  }
}
