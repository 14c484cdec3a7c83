import type { FastifyInstance } from 'fastify'

/**
 * JSON bodies: an empty body reads as "no body" (a call without one, like logout, may still send
 * `Content-Type: application/json`; a call that needs one then fails validation with a 400), and
 * prototype poisoning is refused as Fastify does by default. E-mail addresses are trimmed before
 * validation, as the forms do (spec §5).
 */
export const configureBodies = (app: FastifyInstance): void => {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.trim() === '') {
      done(null, undefined)
      return
    }
    parseJson(request, text, done)
  })

  app.addHook('preValidation', async (request) => {
    const body = request.body
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return
    const record = body as Record<string, unknown>
    if (typeof record.email === 'string') record.email = record.email.trim()
    if (Array.isArray(record.emails)) {
      record.emails = record.emails.map((item: unknown) => (typeof item === 'string' ? item.trim() : item))
    }
  })
}
