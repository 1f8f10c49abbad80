import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { linguiMacros } from '../../build/lingui-macro.ts';

/** The bench page compiles the grid as the app does: Lingui's macros first, then React. */
export default defineConfig({ plugins: [linguiMacros(), react()] });
