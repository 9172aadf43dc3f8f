import { KEYS } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

export interface RestResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RestError {
  error: { code: string; message: string; retryAfter?: number };
}

export interface RestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  /** null: no Authorization header. */
  key?: string | null;
  body?: string;
}

/** The app's origin (TestApp.url is its /graphql endpoint). */
export function origin(t: TestApp): string {
  return t.url.replace(/\/graphql$/, '');
}

/** Calls the REST API over HTTP and keeps status, headers and the parsed JSON body. */
export async function rest<T = unknown>(t: TestApp, path: string, options: RestOptions = {}): Promise<RestResponse<T>> {
  const key = options.key === undefined ? KEYS.alice : options.key;
  const response = await fetch(`${origin(t)}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body,
  });
  const text = await response.text();

  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T };
}

/** The body of a call that must have answered 200. */
export async function ok<T>(t: TestApp, path: string, options: RestOptions = {}): Promise<T> {
  const res = await rest<T>(t, path, options);
  if (res.status !== 200) {
    throw new Error(`${options.method ?? 'GET'} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }

  return res.body;
}
