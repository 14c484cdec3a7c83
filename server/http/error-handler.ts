import type { ErrorObject } from 'ajv'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { translatorFor } from '../../locales/server.js'
import { DEFAULT_BODY_LIMIT } from '../contract/load.js'
import { validationMessages } from '../contract/validation-messages.js'
import { ApiError } from './errors.js'

/**
 * Every error leaves as one of the contract's two shapes, in the requester's language.
 * Bad input of any kind (validation, malformed JSON, a body of the wrong type) is a 400 that changed
 * nothing (a path its parameters' schemas refuse is a 404 instead: it names nothing); only a fault of
 * the server is a 500, and its details stay in the log.
 */

const translatorOf = (request: FastifyRequest) => request.t ?? translatorFor(request.headers['accept-language'])

const dataOf = (request: FastifyRequest, context: string | undefined): unknown => {
  switch (context) {
    case 'params':
      return request.params
    case 'querystring':
      return request.query
    case 'headers':
      return request.headers
    default:
      return request.body
  }
}

export const installErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    const t = translatorOf(request)
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body)
    }
    const fastifyError = error as FastifyError & { validationContext?: string }
    // a path value its parameter refuses (an id spelled " 1" or "0x10", too large, not a number) names nothing
    if (fastifyError.validation && fastifyError.validationContext === 'params') {
      return reply.code(404).send({ detail: t.api.notFound() })
    }
    if (fastifyError.validation) {
      const { operationId } = (request.routeOptions.config ?? {}) as { operationId?: string }
      const body = validationMessages(
        t,
        fastifyError.validation as ErrorObject[],
        dataOf(request, fastifyError.validationContext),
        operationId,
      )
      return reply.code(400).send(body)
    }
    switch (fastifyError.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.code(400).send({ detail: t.api.malformedJson() })
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ detail: t.api.bodyNotObject() })
      case 'FST_ERR_CTP_BODY_TOO_LARGE': {
        const limit = request.routeOptions.bodyLimit ?? DEFAULT_BODY_LIMIT
        return reply.code(413).send({ detail: t.api.bodyTooLarge({ max: Math.floor(limit / 1024) }) })
      }
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        // a call that takes a file says which files it takes
        if ((request.routeOptions.config as { takesFile?: boolean } | undefined)?.takesFile) {
          return reply.code(415).send({ detail: t.validation.fileTypeNotAllowed(), code: 'file_type' })
        }
        return reply.code(400).send({ detail: t.api.unsupportedMediaType() })
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.code(400).send({ detail: t.api.unsupportedMediaType() })
    }
    if (error instanceof SyntaxError) return reply.code(400).send({ detail: t.api.malformedJson() })
    const status = fastifyError.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: status === 404 ? t.api.notFound() : t.api.badRequest() })
    }
    request.log.error({ err: error }, 'request failed')
    return reply.code(500).send({ detail: t.api.generic() })
  })
}

/**
 * What the router refuses before any hook runs (a path with a broken percent-encoding, a path segment
 * over the router's length limit) leaves in the contract's shape too, with Fastify's status.
 */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
  const t = translatorFor(request.headers['accept-language'])
  reply.code(error.statusCode ?? 400).send({ detail: t.api.badRequest() })
}
