import {
  PUBLIC_PAGE_PATHS,
  PUBLIC_TOKEN_PATTERN,
  PUBLIC_TOKEN_PURPOSES,
  type PublicTokenPurpose,
} from '@dental/domain/public/public-token';

export interface PublicAddress {
  purpose: PublicTokenPurpose;
  token: string;
}

/**
 * Which page an address opens, and with which token. A token of the wrong shape is known to be unknown
 * without asking the server; `null` then shows the 'not valid' page.
 */
export function publicAddress(pathname: string): PublicAddress | null {
  for (const purpose of PUBLIC_TOKEN_PURPOSES) {
    const prefix = PUBLIC_PAGE_PATHS[purpose];
    if (!pathname.startsWith(prefix)) continue;
    const token = pathname.slice(prefix.length).replace(/\/$/, '');
    return PUBLIC_TOKEN_PATTERN.test(token) ? { purpose, token } : null;
  }
  return null;
}
