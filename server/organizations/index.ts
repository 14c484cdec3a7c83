/** The handlers of the organizations area, by operationId. */
export { createOrganization } from './create-organization.js'
export { getOrganization } from './get-organization.js'
export { listOrganizationTypes } from './types.js'
