import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

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
  /** Only these rules (axe rule ids); every rule when left out. */
  rules?: string[];
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
  let builder = new AxeBuilder({ page });
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.rules) builder = builder.withRules(options.rules);
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
