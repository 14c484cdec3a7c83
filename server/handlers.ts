import * as accounts from './accounts/index.js'
import * as classes from './classes/index.js'
import type { Handlers } from './contract/handler.js'
import { health } from './health.js'
import * as invitations from './invitations/index.js'
import * as organizations from './organizations/index.js'
import * as practice from './practice/index.js'
import * as reports from './reports/index.js'
import { listSocialProviders, socialCallback, socialStart } from './social/handlers.js'

/** Every operation of the contract and its handler. A missing one is a compile error and a start-up error. */
export const handlers: Handlers = {
  ...accounts,
  ...classes,
  ...invitations,
  ...organizations,
  ...practice,
  ...reports,
  listSocialProviders,
  socialStart,
  socialCallback,
  health,
}
