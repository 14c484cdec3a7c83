import type { FastifyInstance, FastifyRequest } from 'fastify'
import { authenticate, CHECK_SESSION_IN_STATEMENT, keptSession } from '../auth/authenticate.js'
import type { AppContext } from '../context.js'
import { detailError } from '../http/errors.js'
import { Serialized, type Call, type Handlers, type OperationId } from './handler.js'
import type { Operation } from './load.js'

/**
 * One route per operation of the contract, with the contract's schemas: Fastify validates the
 * request with them (validators.ts) and writes the answer through the response schemas, so a field
 * the contract does not list never leaves the server; an answer the handler already wrote out
 * (`Serialized`) is sent as it is. A body over the operation's limit is refused while it arrives (413).
 * Calls the contract secures with bearerAuth check the session before anything else, but those whose
 * statement checks a session this process keeps itself (authenticate.ts CHECK_SESSION_IN_STATEMENT):
 * they authenticate first only when none is kept.
 */
export const registerOperations = (
  app: FastifyInstance,
  operations: readonly Operation[],
  handlers: Handlers,
  context: AppContext,
): void => {
  const known = new Set(operations.map((operation) => operation.operationId))
  const unimplemented = operations.filter((operation) => !(operation.operationId in handlers))
  if (unimplemented.length > 0) {
    throw new Error(`No handler for: ${unimplemented.map((operation) => operation.operationId).join(', ')}`)
  }
  const extra = Object.keys(handlers).filter((id) => !known.has(id))
  if (extra.length > 0) throw new Error(`Handlers for operations the contract does not have: ${extra.join(', ')}`)

  // file bodies arrive as bytes; each operation that takes one says which types (and refuses the others)
  const fileTypes = new Set(operations.flatMap((operation) => operation.file?.contentTypes ?? []))
  for (const type of fileTypes) app.addContentTypeParser(type, { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  for (const operation of operations) {
    const handler = handlers[operation.operationId as OperationId] as (call: Call<OperationId>) => Promise<unknown>
    app.route({
      method: operation.method,
      url: operation.url,
      schema: operation.schema,
      bodyLimit: operation.bodyLimit,
      config: { operationId: operation.operationId, takesFile: operation.file !== undefined },
      preValidation: operation.file
        ? async (request: FastifyRequest) => {
            const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
            if (!type || !operation.file!.contentTypes.includes(type)) {
              throw detailError(415, request.t.validation.fileTypeNotAllowed(), 'file_type')
            }
            if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw detailError(400, request.t.api.required())
          }
        : undefined,
      onRequest: operation.secured
        ? CHECK_SESSION_IN_STATEMENT.has(operation.operationId)
          ? async (request: FastifyRequest) => {
              request.uncheckedSession = keptSession(context, request) ?? null
              if (!request.uncheckedSession) request.auth = await authenticate(context, request)
            }
          : async (request: FastifyRequest) => {
              request.auth = await authenticate(context, request)
            }
        : undefined,
      handler: async (request, reply) => {
        const result = await handler({
          body: request.body as never,
          params: request.params as never,
          query: request.query as never,
          app: context,
          locale: request.locale,
          t: request.t,
          auth: request.auth,
          ip: request.ip,
          request,
          reply,
        })
        if (reply.sent) return reply
        if (operation.successStatus >= 300 && operation.successStatus < 400) {
          return reply.redirect((result as { redirect: string }).redirect, operation.successStatus)
        }
        reply.code(operation.successStatus)
        if (result instanceof Serialized) return reply.type('application/json; charset=utf-8').send(result.json)
        return result === undefined ? reply.send() : reply.send(result)
      },
    })
  }
}
