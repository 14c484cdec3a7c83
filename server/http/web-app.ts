import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { existsSync } from 'node:fs'
import path from 'node:path'

/**
 * The built browser app (dist/) and what answers an unknown address:
 * - /v1/... and /dev/...: 404 JSON `{detail}`;
 * - any other GET that is not a file (and does not look like one): dist/index.html, the app routes it;
 * - without a build, a plain message that says so.
 */

const API_PREFIXES = ['/v1/', '/dev/']

const isApiPath = (pathname: string) =>
  pathname === '/v1' || pathname === '/dev' || API_PREFIXES.some((prefix) => pathname.startsWith(prefix))

const looksLikeFile = (pathname: string) => /\.[A-Za-z0-9]{1,8}$/.test(pathname)

export const webAppIsBuilt = (webRoot: string | undefined): webRoot is string =>
  webRoot !== undefined && existsSync(path.join(webRoot, 'index.html'))

export const serveWebApp = async (app: FastifyInstance, webRoot: string | undefined): Promise<void> => {
  const built = webAppIsBuilt(webRoot)
  if (built) {
    await app.register(fastifyStatic, {
      root: path.resolve(webRoot),
      wildcard: true,
      index: ['index.html'],
      // hashed assets can be cached for good; index.html must always be fresh
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
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
