import type { Text } from './text.ts';

/**
 * Every text the domain shows people, for the web app to translate what the server or the domain said
 * in English. Each module that speaks adds its texts here.
 */
export const DOMAIN_TEXTS: readonly Text[] = [];
