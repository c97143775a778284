// What the user does in the browser for an MCP client, by the names the issue fixes for English
// readers: sign in when asked, pick the base and the scope on the consent page, Allow; and later
// Revoke the grant on the token page.
import type { Page } from 'playwright-core';
import { expectMessage, submitSignIn } from '../../browser/support/flows';
import { texts } from '../../browser/support/texts';
import type { Owner } from './deployment';

const t = texts('en');

export type ConsentScope = 'Read' | 'Read and write';

export interface ConsentSeen {
  /** The service asked for a sign-in first. */
  askedToSignIn: boolean;
  /** The bases the Knowledge base combobox offered (option values). */
  offeredBases: string[];
  /** The radio checked when the page opened. */
  preselected: ConsentScope | undefined;
}

/**
 * Opens the authorization URL the client handed over; signs in if the service asks; on the consent
 * page checks the client's name and redirect host are shown, picks the base and the scope and
 * presses Allow. The browser then goes to the client's callback, which the caller awaits.
 */
export async function allowInBrowser(page: Page, authorizationUrl: URL, owner: Owner, choice: { clientName: string; redirectUri: string; baseId: string; scope: ConsentScope }): Promise<ConsentSeen> {
  await page.goto(authorizationUrl.href);
  const base = page.getByRole('combobox', { name: 'Knowledge base', exact: true });
  const askedToSignIn = new URL(page.url()).pathname === '/signin';
  if (askedToSignIn) await submitSignIn(page, t, owner.email, owner.password);
  await base.waitFor();
  // The user sees who asks and where the answer goes, as text.
  await page.getByText(choice.clientName).first().waitFor();
  await page.getByText(new URL(choice.redirectUri).host).first().waitFor();

  const offeredBases = (await base.locator('option').evaluateAll((options) => options.map((option) => (option as unknown as { value: string }).value))).filter(Boolean);
  let preselected: ConsentScope | undefined;
  for (const scope of ['Read', 'Read and write'] as const) {
    if (await page.getByRole('radio', { name: scope, exact: true }).isChecked()) preselected = scope;
  }
  await base.selectOption(choice.baseId);
  await page.getByRole('radio', { name: choice.scope, exact: true }).check();
  await page.getByRole('button', { name: 'Allow', exact: true }).click();
  return { askedToSignIn, offeredBases, preselected };
}

/** The token page's row of the grant of `clientName`: application, base, scope, allowed, last used, status. */
export async function grantRow(page: Page, clientName: string): Promise<string[]> {
  await page.goto('/tokens');
  const row = grantRowOf(page, clientName);
  return (await row.getByRole('rowheader').or(row.getByRole('cell')).allTextContents()).map((text) => text.trim());
}

function grantRowOf(page: Page, clientName: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: clientName, exact: true }) });
}

/** On the token page, presses Revoke on the row of the grant of `clientName`, then confirms. */
export async function revokeOnTokenPage(page: Page, clientName: string): Promise<void> {
  await page.goto('/tokens');
  const row = grantRowOf(page, clientName);
  await row.getByRole('button', { name: t.revoke, exact: true }).click();
  // A confirmation whose button repeats the action, as for tokens.
  await page.getByRole('heading', { name: t.revokeGrantTitle, exact: true }).waitFor();
  await page.getByRole('button', { name: t.revoke, exact: true }).click();
  await expectMessage(page, t.grantRevoked);
  // The row stays, without its button.
  expect(await row.getByRole('button', { name: t.revoke, exact: true }).count()).toBe(0);
}
