import { resolve } from 'node:path';
import { transformAsync } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig, type LinguiConfigNormalized } from '@lingui/conf';
import type { Plugin } from 'vite';

/** Compiles .po catalogue files on import (the vitest config, at the repository root, reaches it through here). */
export { lingui as linguiCatalogues } from '@lingui/vite-plugin';

const SOURCE = /\.(ts|tsx)$/;
const USES_MACRO = /from ['"]@lingui\/(core|react)\/macro['"]/;

/**
 * Compiles Lingui's macros (t, msg, plural, <Trans>) before Vite's own TypeScript transform. The React
 * plugin no longer runs Babel, and Lingui's SWC plugin does not run in Vite; only files that import a
 * macro pay for a Babel pass, which parses TypeScript and JSX and leaves both in place.
 */
export function linguiMacros(): Plugin {
  // Loaded from this folder, not the working directory: vitest runs the web tests from the repository root.
  let linguiConfig: LinguiConfigNormalized | undefined;
  const loadConfig = (): LinguiConfigNormalized => {
    linguiConfig ??= getConfig({ configPath: resolve(import.meta.dirname, '../lingui.config.ts') });
    return linguiConfig;
  };
  return {
    name: 'dental:lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!SOURCE.test(file) || file.includes('/node_modules/') || !USES_MACRO.test(code)) return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: [
          [
            linguiMacro,
            {
              linguiConfig: loadConfig(),
            },
          ],
        ],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
