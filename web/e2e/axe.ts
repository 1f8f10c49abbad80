import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { settled } from './helpers.ts';

/** One serious or critical axe finding, in words a failing test can print as it is. */
export interface AxeFinding {
  /** axe's rule id, e.g. `color-contrast`. */
  rule: string;
  impact: 'serious' | 'critical';
  /** CSS selectors of the element (one per frame or shadow root level), joined by ` > `. */
  target: string;
  /** The element's opening markup, cut short. */
  html: string;
  /** axe's own summary of what to fix on this element, first line only. */
  fix: string;
}

export interface AxeScanOptions {
  /** Only these parts of the page (CSS selectors); the whole page when left out. */
  include?: string[];
  /** Parts left out of the scan (CSS selectors), each with its reason in a comment at the call. */
  exclude?: string[];
}

const HTML_EXCERPT = 160;

const excerpt = (html: string): string => {
  const flat = html.replace(/\s+/g, ' ').trim();
  return flat.length > HTML_EXCERPT ? `${flat.slice(0, HTML_EXCERPT)}…` : flat;
};

/**
 * Runs axe with every rule it ships (no tag filter: best practices too) on the page as it is now, and
 * returns its serious and critical findings, one per element, so a test can `expect(findings).toEqual([])`
 * and a failure names the rule, the element and what to fix. Wait for the screen's ready state and for
 * animations to end (`settled`) first: a half-faded dialog is scanned with colours it never rests at.
 */
export async function axeFindings(page: Page, options: AxeScanOptions = {}): Promise<AxeFinding[]> {
  // Only violations are read: axe then keeps one example of each passing rule instead of every element, which
  // makes a scan of a large screen markedly faster without changing what it finds.
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        rule: violation.id,
        impact: violation.impact as 'serious' | 'critical',
        target: node.target.map((part) => (Array.isArray(part) ? part.join(' ') : String(part))).join(' > '),
        html: excerpt(node.html),
        fix: (node.failureSummary ?? violation.help).split('\n').slice(0, 2).join(' ').trim(),
      })),
    );
}

/** `axeFindings` as one line each, prefixed with where they were seen (a screen, a theme, a size). */
export async function axeReport(page: Page, where: string, options: AxeScanOptions = {}): Promise<string[]> {
  const findings = await axeFindings(page, options);
  return findings.map(
    (finding) =>
      `${where}: ${finding.rule} (${finding.impact}) at ${finding.target} — ${finding.html} — ${finding.fix}`,
  );
}

/** The sizes issue 22 reads every screen and dialog at: a reception tablet and a laptop. */
export const A11Y_SIZES = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;
export type A11ySize = (typeof A11Y_SIZES)[number];
export const sizeLabel = (size: A11ySize): string => `${size.width}×${size.height}`;

const SCHEMES = ['light', 'dark'] as const;

/**
 * Reads the page as it is now in the light scheme, then the dark one, with every rule both times (the same
 * markup can still differ: a dark-only border, an icon drawn only in one scheme), and puts light back. The
 * app and the patients' pages follow the system scheme unless the user chose one, so `emulateMedia` switches
 * it; the wait is for Mantine's attribute on <html> and for any transition the switch set off.
 */
export async function axeInBothSchemes(page: Page, where: string, options: AxeScanOptions = {}): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of SCHEMES) {
    const started = Date.now();
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction(
      (wanted) => document.documentElement.getAttribute('data-mantine-color-scheme') === wanted,
      scheme,
    );
    await settled(page);
    found.push(...(await axeReport(page, `${where} [${scheme}]`, options)));
    if (process.env.AXE_SWEEP_TIMES) console.log(`${where} [${scheme}]: ${Date.now() - started} ms`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

/** Reads the page as it is now at both sizes, in both schemes, and puts back the size the page had. */
export async function axeEverywhere(page: Page, where: string, options: AxeScanOptions = {}): Promise<string[]> {
  const before = page.viewportSize();
  const found: string[] = [];
  for (const size of A11Y_SIZES) {
    await page.setViewportSize(size);
    found.push(...(await axeInBothSchemes(page, `${where} ${sizeLabel(size)}`, options)));
  }
  if (before) await page.setViewportSize(before);
  return found;
}

/**
 * Reads only the open `dialog` (a modal, a drawer, a menu) everywhere, and leaves it open. Mantine's dialog ids
 * are generated, so the dialog is marked for the scan.
 */
export async function axeDialogEverywhere(page: Page, where: string, dialog: Locator): Promise<string[]> {
  await dialog.waitFor();
  await dialog.evaluate((node) => node.setAttribute('data-axe-scan', ''));
  const found = await axeEverywhere(page, where, { include: ['[data-axe-scan]'] });
  await dialog.evaluate((node) => node.removeAttribute('data-axe-scan'));
  return found;
}
