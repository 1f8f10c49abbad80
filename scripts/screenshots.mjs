// Captures the main screens for a visual check: node scripts/screenshots.mjs [baseURL] [outDir]
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium.mjs';
import { root } from './lib/toolchain.mjs';

const { chromium } = createRequire(join(root, 'web', 'package.json'))('playwright-core');
const baseURL = process.argv[2] ?? 'http://localhost:3000';
const outDir = process.argv[3] ?? join(root, 'screenshots');
mkdirSync(outDir, { recursive: true });

const sizes = { laptop: { width: 1440, height: 900 }, tablet: { width: 1024, height: 768 } };
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: CHROMIUM_ARGS,
});

async function signIn(page, username) {
  await page.goto(`${baseURL}/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign In' }).click();
}

for (const [sizeName, viewport] of Object.entries(sizes)) {
  for (const scheme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport, colorScheme: scheme });
    const page = await context.newPage();
    const shot = (name) => page.screenshot({ path: join(outDir, `${name}-${sizeName}-${scheme}.png`) });
    await page.goto(`${baseURL}/`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await shot('sign-in');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await shot('sign-in-errors');
    for (const username of ['admin', 'staff']) {
      await signIn(page, username);
      await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
      for (const group of [
        'Front Office',
        'Patient Care',
        'Business Operations',
        'Analytics & Reports',
        'Administration',
      ]) {
        const button = page.getByRole('button', { name: group });
        if ((await button.count()) > 0 && (await button.getAttribute('aria-expanded')) === 'false')
          await button.click();
      }
      await page.waitForTimeout(400);
      await shot(`shell-${username}`);
      await page.getByRole('button', { name: 'Log out' }).first().click();
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
    }
    await context.close();
  }
}
await browser.close();
console.log(`screenshots in ${outDir}`);
