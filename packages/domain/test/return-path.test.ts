import { describe, expect, it } from 'vitest';
import { HOME_PATH, safeReturnPath } from '../src/navigation/return-path.ts';

const SITE = 'https://clinic.example';

/** What the browser would open for this target, read by the same URL parser it uses. */
const opened = (target: string) => new URL(target, `${SITE}/patients/1`);

describe('the page to return to after sign-in', () => {
  it.each([
    ['the home page', '/'],
    ['a deep link', '/patients/8f14e45f-ea5c-4b2a-9c1e-0d3b6f2a7c11'],
    ['a search', '/scheduling?date=2026-03-02&patientId=42'],
    ['a hash', '/patients/42#appointments'],
    ['encoded text', '/patients?search=O%27Brien%20Smith&page=2'],
    ['slashes after the first segment', '/patients?next=//elsewhere'],
  ])('keeps %s', (_label, target) => {
    expect(safeReturnPath(target)).toBe(target);
    const url = opened(target);
    expect(url.origin).toBe(SITE);
    expect(`${url.pathname}${url.search}${url.hash}`).toBe(target);
  });

  it.each([
    ['another host, without a scheme', '//evil.example'],
    ['another host, with a path', '//evil.example/patients'],
    ['a backslash read as a slash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a tab the parser drops', '/\t/evil.example'],
    ['a line break the parser drops', '/\n/evil.example'],
    ['a full address', 'https://evil.example/scheduling'],
    ['a full address in capitals', 'HTTPS://evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a data address', 'data:text/html,<script>alert(1)</script>'],
  ])('refuses %s, which the browser would open on another site', (_label, target) => {
    expect(opened(target).origin).not.toBe(SITE);
    expect(safeReturnPath(target)).toBe(HOME_PATH);
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['an empty text', ''],
    ['a relative path', 'scheduling'],
    ['a leading space', ' /scheduling'],
    ['a backslash deeper in the path', '/patients\\42'],
    ['a delete character', '/patients\u007f'],
  ])('uses the home page for %s, which is not a plain path', (_label, target) => {
    expect(safeReturnPath(target)).toBe(HOME_PATH);
  });
});
