import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AuditPage } from '@dental/domain/audit/audit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import { signInToShell } from './helpers.ts';

// The administrator opens the audit trail (the demo data's log, paged on the server, verified intact) and the
// security dashboard (their own session marked, the other sections drawn). Screenshots at 1024×768.

const SHOTS = resolve(import.meta.dirname, '../../screenshots/issue-21');
const TABLET = { width: 1024, height: 768 } as const;

let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser.close();
});

describe('/audit-trail and /security-dashboard', () => {
  it('lists the audit log as the server pages it, and Verify finds the chain intact', async () => {
    const context = await newContext(browser, TABLET);
    const page = await context.newPage();
    await signInToShell(page, 'admin');
    await page.goto('/audit-trail');
    await page.getByRole('heading', { name: 'Audit Trail' }).waitFor();

    const response = await page.request.get('/api/audit?page=1&pageSize=50', { headers: { 'x-practice-id': '1' } });
    expect(response.status()).toBe(200);
    const expected = (await response.json()) as AuditPage;
    expect(expected.total).toBeGreaterThan(0);
    await page.getByText(`${new Intl.NumberFormat('en-CA').format(expected.total)} entries`).waitFor();
    const rows = page.getByRole('table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(Math.min(50, expected.entries.length));
    await page.screenshot({ path: resolve(SHOTS, 'audit-trail-tablet.png') });

    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Chain intact').waitFor();
    await page.getByText(/entries checked; none was altered or removed/).waitFor();
    await page.screenshot({ path: resolve(SHOTS, 'audit-trail-verified-tablet.png') });
    await context.close();
  }, 180_000);

  it('shows the security dashboard with the caller’s own session marked and not endable', async () => {
    const context = await newContext(browser, TABLET);
    const page = await context.newPage();
    await signInToShell(page, 'admin');
    await page.goto('/security-dashboard');
    await page.getByRole('heading', { name: 'Security Dashboard' }).waitFor();
    for (const section of [
      'Active sessions',
      'Locked accounts',
      'Failed sign-ins',
      'Users who must reset their password',
      'Recent permission changes',
    ]) {
      await page.getByRole('heading', { name: section }).waitFor();
    }
    const own = page.getByText('This session', { exact: true }).locator('xpath=ancestor::tr');
    await own.waitFor();
    expect(await own.getByRole('button', { name: 'End session' }).count()).toBe(0);
    await page.screenshot({ path: resolve(SHOTS, 'security-dashboard-tablet.png') });
    await page.getByRole('heading', { name: 'Recent permission changes' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: resolve(SHOTS, 'security-dashboard-lower-tablet.png') });
    await page.getByRole('heading', { name: 'Security Dashboard' }).scrollIntoViewIfNeeded();

    // The first test's session is another of the administrator's: it can be ended, after confirming.
    const sessions = page.getByRole('region', { name: 'Active sessions' }).locator('tbody tr');
    const before = await sessions.count();
    expect(before).toBeGreaterThan(1);
    await sessions.getByRole('button', { name: 'End session' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'End this session?' });
    await dialog.waitFor();
    await page.screenshot({ path: resolve(SHOTS, 'security-dashboard-end-session-tablet.png') });
    await dialog.getByRole('button', { name: 'End session' }).click();
    await page.getByText('Session ended').waitFor();
    await expect.poll(() => sessions.count()).toBe(before - 1);
    await context.close();
  }, 180_000);
});
