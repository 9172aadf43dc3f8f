import type { Response } from 'express';

/** A page that loads its own scripts, styles, images and API only, and may not be framed. */
const SAME_ORIGIN_ONLY: Readonly<Record<string, string>> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self'",
  'font-src': "'self'",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'frame-ancestors': "'none'",
};

/** The same-origin policy above, with some directives widened for one page. */
export function sameOriginCsp(overrides: Readonly<Record<string, string>> = {}): string {
  return Object.entries({ ...SAME_ORIGIN_ONLY, ...overrides })
    .map(([directive, sources]) => `${directive} ${sources}`)
    .join('; ');
}

/** The headers of every page we serve ourselves: its policy, no sniffing, no referrer. */
export function setPageSecurityHeaders(res: Response, csp: string): void {
  res.setHeader('Content-Security-Policy', csp);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
}
