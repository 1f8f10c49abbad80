/** Spec 8: errors are logged to the console with the page address and a timestamp. */
export function logError(message: string, ...details: unknown[]): void {
  console.error(`[${new Date().toISOString()}] ${window.location.href} ${message}`, ...details);
}

/** A failure that does not stop the task at hand (spec 8: a failed recall or follow-up "only logs"). */
export function logWarning(message: string, ...details: unknown[]): void {
  console.warn(`[${new Date().toISOString()}] ${window.location.href} ${message}`, ...details);
}
