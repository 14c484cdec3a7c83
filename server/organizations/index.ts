/** The handlers of the organizations area, by operationId. */
export { createOrganization } from './create-organization.js'
export { createOwnOrganization } from './create-own-organization.js'
export { getOrganization } from './get-organization.js'
export { listOrganizations } from './list-organizations.js'
export { listOrganizationTypes } from './types.js'
export { listOrganizationUsers } from './list-organization-users.js'
export { getOrganizationUser } from './get-organization-user.js'
export { setOrganizationUserRoles } from './set-organization-user-roles.js'
export { updateOrganizationUser } from './update-organization-user.js'
export { removeOrganizationUser } from './remove-organization-user.js'
export { disableOrganizationUser } from './disable-organization-user.js'
export { enableOrganizationUser } from './enable-organization-user.js'
export { withdrawFromOrganization } from './withdraw.js'
export { getOrganizationStudent, listOrganizationStudents } from './students.js'
export { updateOrganization } from './update-organization.js'
export { setOrganizationStatus } from './set-organization-status.js'
export { deleteOrganization } from './delete-organization.js'
export { restoreOrganization } from './restore-organization.js'
export { verifyOrganizations } from './verify-organizations.js'
export { listCountries } from './countries.js'
export { getOrganizationLogo, removeOrganizationLogo, uploadOrganizationLogo } from './logo.js'
export {
  confirmOrganizationImport,
  getOrganizationImport,
  getOrganizationImportTemplate,
  stageOrganizationImport,
} from './import.js'
