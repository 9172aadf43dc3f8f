/** The REST client: the API key lives in sessionStorage (gone with the tab), is sent as a Bearer header, never in a URL. */
const KEY_ITEM = 'engram.apiKey';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function storedKey(): string | null {
  return sessionStorage.getItem(KEY_ITEM);
}

export function storeKey(key: string | null): void {
  if (key === null) {
    sessionStorage.removeItem(KEY_ITEM);
  } else {
    sessionStorage.setItem(KEY_ITEM, key);
  }
}

type Query = Record<string, string | number | boolean | readonly string[] | null | undefined>;

function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') {
      continue;
    }
    if (Array.isArray(value)) {
      if (value.length > 0) {
        params.set(name, value.join(','));
      }
    } else {
      params.set(name, String(value));
    }
  }
  const text = params.toString();

  return text ? `?${text}` : '';
}

function isErrorBody(body: unknown): body is { error: { code: string; message: string } } {
  return typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object';
}

export async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, query: Query = {}): Promise<T> {
  const key = storedKey();
  const response = await fetch(`/api${path}${queryString(query)}`, {
    method,
    headers: key ? { authorization: `Bearer ${key}`, accept: 'application/json' } : { accept: 'application/json' },
    cache: 'no-store',
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (isErrorBody(body)) {
      throw new ApiError(response.status, body.error.code, body.error.message);
    }
    throw new ApiError(response.status, 'HTTP_ERROR', `the server answered ${response.status}`);
  }

  return body as T;
}
