import helmet from 'helmet'
import type { FastifyInstance } from 'fastify'

/**
 * The security headers of every answer (the app, the API, the /dev pages), with helmet, whose middleware is
 * built once here and run on each request's raw answer (@fastify/helmet built it again on every request:
 * some 5% of a busy server's time went to parsing the same policy).
 *
 * The Content Security Policy allows only this origin's own files: no inline script, no script or
 * style from elsewhere, no plugin, no framing. The app's styles are Panda's static CSS file; the style
 * values React and Ark UI set go through the CSSOM (element.style), which a CSP does not restrict, so
 * style-src needs no 'unsafe-inline'. Images may also be data: and blob: URLs (previews of a chosen
 * file). The only exception is the /dev pages' own policy (devPagesPolicy).
 *
 * Referrer-Policy is no-referrer: confirmation and reset links carry their token in the query string,
 * and a page opened from them must not pass it on. HSTS only when PUBLIC_URL is https (a plain-http
 * development server would otherwise be unreachable for a year).
 */

const directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
}

type Directives = Record<string, string[]>

const policy = (values: Directives): string =>
  Object.entries(values)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')

/**
 * The /dev mail pages show each mail's HTML as it was sent, and mail HTML styles with style
 * attributes (mail programs drop style sheets): their pages allow inline styles. Still no script.
 */
export const devPagesPolicy = policy({ ...directives, 'style-src': ["'self'", "'unsafe-inline'"] })

export const registerSecurityHeaders = (app: FastifyInstance, publicUrl: string): void => {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: new URL(publicUrl).protocol === 'https:' ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  })
  // headers a route sets itself (reply.header: the /dev pages' policy) are written over these
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)))
}
