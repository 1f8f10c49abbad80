/** The answer's body: JSON when it parses, else its text, null when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Spec 8: the body's message, else its error, else the raw text, else the status text. */
export function errorMessage(body: unknown, statusText: string, status: number): string {
  if (typeof body === 'object' && body !== null) {
    const { message, error } = body as Record<string, unknown>;
    if (typeof message === 'string' && message) return message;
    if (typeof error === 'string' && error) return error;
  }
  if (typeof body === 'string' && body) return body;
  return statusText || `HTTP ${status}`;
}
