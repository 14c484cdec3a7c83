import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { existsSync } from 'node:fs'
import path from 'node:path'

/**
 * The built browser app (dist/) and what answers an unknown address:
 * - /v1/... and /dev/...: 404 JSON `{detail}`;
 * - any other GET that is not a file (and does not look like one): dist/index.html, the app routes it;
 * - without a build, a plain message that says so.
 *
 * Files go out as the build precompressed them (`.br`, `.gz` beside each, vite.config.ts) when the
 * request's Accept-Encoding takes one, else as they are, always with `Vary: Accept-Encoding`. The
 * hashed files under assets/ are cached for good; index.html, the one file that names them, is
 * revalidated on every load. The source maps stay on the server in production: they show the sources.
 */

const API_PREFIXES = ['/v1/', '/dev/']

const isApiPath = (pathname: string) =>
  pathname === '/v1' || pathname === '/dev' || API_PREFIXES.some((prefix) => pathname.startsWith(prefix))

const looksLikeFile = (pathname: string) => /\.[A-Za-z0-9]{1,8}$/.test(pathname)

const isSourceMap = (pathname: string) => pathname.endsWith('.map')

const IMMUTABLE = 'public, max-age=31536000, immutable'

export const webAppIsBuilt = (webRoot: string | undefined): webRoot is string =>
  webRoot !== undefined && existsSync(path.join(webRoot, 'index.html'))

export const serveWebApp = async (
  app: FastifyInstance,
  webRoot: string | undefined,
  { production }: { production: boolean },
): Promise<void> => {
  const built = webAppIsBuilt(webRoot)
  if (built) {
    const assets = path.join(path.resolve(webRoot), 'assets') + path.sep
    await app.register(fastifyStatic, {
      root: path.resolve(webRoot),
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      // a refused path goes on to the not-found handler below: 404
      allowedPath: (pathname) => !(production && isSourceMap(pathname)),
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.startsWith(assets) ? IMMUTABLE : 'no-cache')
      },
    })
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = (request.url.split('?')[0] ?? '/').replace(/\/{2,}/g, '/')
    const reading = request.method === 'GET' || request.method === 'HEAD'
    if (isApiPath(pathname) || !reading || looksLikeFile(pathname)) {
      return reply.code(404).send({ detail: request.t.api.notFound() })
    }
    if (!built) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send(
          `The web app is not built, so there is nothing to show at ${pathname}.\n` +
            `Build it with \`npm run build\` (it goes to ${path.resolve(webRoot ?? 'dist')}), then restart the server.\n` +
            'The API answers under /v1/.\n',
        )
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html')
  })
}
