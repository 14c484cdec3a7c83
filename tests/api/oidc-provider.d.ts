// The little of oidc-provider (it ships no types) that the social sign-in test uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export interface Account {
    accountId: string
    claims(): Promise<{ sub: string; [claim: string]: unknown }>
  }

  export interface Configuration {
    clients?: Array<Record<string, unknown>>
    claims?: Record<string, string[]>
    findAccount?: (context: unknown, sub: string) => Promise<Account | undefined>
    cookies?: { keys?: string[] }
    features?: Record<string, { enabled: boolean }>
    [option: string]: unknown
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration)
    callback(): (request: IncomingMessage, response: ServerResponse) => void
  }
}
