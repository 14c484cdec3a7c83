/** The handlers of the organizations area, by operationId. */
export { createOrganization } from './create-organization.js'
export { getOrganization } from './get-organization.js'
export { listOrganizations } from './list-organizations.js'
export { listOrganizationTypes } from './types.js'
