/** Where sign-in lands when the page asked for cannot be used. */
export const HOME_PATH = '/';

/** Browsers drop tabs and line breaks inside URLs and read a backslash as a slash. */
function hasUnsafeCharacter(text: string): boolean {
  for (const character of text) {
    const code = character.charCodeAt(0);
    if (character === '\\' || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * The page to open after sign-in: the one asked for (path, search and hash kept) when it is a plain path on
 * this site, otherwise the home page. Refused are a scheme (`https:`, `javascript:`), a second leading slash
 * (`//evil.example` is another host), and backslashes or control characters, which URL parsing turns into
 * such a slash (`/\evil.example`, `/<tab>/evil.example`).
 */
export function safeReturnPath(target: string | null | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//')) return HOME_PATH;
  if (hasUnsafeCharacter(target)) return HOME_PATH;
  return target;
}
