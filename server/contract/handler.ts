import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Locales } from '../../locales/i18n-types.js'
import type { Translator } from '../../locales/server.js'
import type { operations } from '../../openapi/schema.js'
import type { ActiveSession } from '../auth/sessions.js'
import type { AppContext } from '../context.js'

/**
 * The types of a handler, read from the contract's generated types: a handler of `login` receives the
 * body of `login` and must answer the success body of `login`.
 */

export type OperationId = keyof operations

type Operation<K extends OperationId> = operations[K]
type Or<T, Fallback> = [T] extends [never] ? Fallback : [T] extends [undefined] ? Fallback : T

export type BodyOf<K extends OperationId> =
  Operation<K> extends { requestBody: { content: { 'application/json': infer Body } } } ? Body : undefined

export type ParamsOf<K extends OperationId> = Or<NonNullable<Operation<K>['parameters']['path']>, Record<string, never>>

export type QueryOf<K extends OperationId> = Or<NonNullable<Operation<K>['parameters']['query']>, Record<string, never>>

type Responses<K extends OperationId> = Operation<K>['responses']
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : void

/** What a redirect handler answers: where to send the browser. */
export interface Redirect {
  redirect: string
}

/** The body of the success answer (void for 204; the target for a redirect). */
export type SuccessOf<K extends OperationId> = 302 extends keyof Responses<K>
  ? Redirect
  : 200 extends keyof Responses<K>
    ? JsonOf<Responses<K>[200]>
    : 201 extends keyof Responses<K>
      ? JsonOf<Responses<K>[201]>
      : void

export interface Call<K extends OperationId> {
  body: BodyOf<K>
  params: ParamsOf<K>
  query: QueryOf<K>
  app: AppContext
  /** The requester's language (Accept-Language) and its translations. */
  locale: Locales
  t: Translator
  /** The caller's session on calls the contract secures with bearerAuth; null on public calls. */
  auth: ActiveSession | null
  /** The client address, for rate limits. */
  ip: string
  request: FastifyRequest
  reply: FastifyReply
}

/**
 * A success body already written as JSON by the route's own serializer (`reply.serialize`, the
 * contract's response schema): an answer kept for many requests (reports/kept.ts) is written once,
 * not again on every request. Made only by `Serialized.by`, so its text is always a `T` of the contract.
 */
export class Serialized<T> {
  declare private readonly body: T
  private constructor(readonly json: string) {}
  static by<T>(reply: FastifyReply, body: T): Serialized<T> {
    const json = reply.serialize(body) // a string from the schema's serializer; the types allow bytes too
    return new Serialized<T>(typeof json === 'string' ? json : Buffer.from(json as ArrayBuffer).toString('utf8'))
  }
}

export type Handler<K extends OperationId> = (call: Call<K>) => Promise<SuccessOf<K> | Serialized<SuccessOf<K>>>

/** One handler for every operation of the contract: a missing one does not compile. */
export type Handlers = { [K in OperationId]: Handler<K> }
