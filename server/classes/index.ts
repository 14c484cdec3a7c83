/** The handlers of the classes area (groups and their goals), by operationId. */
export { listGroups } from './list-groups.js'
export { createGroup } from './create-group.js'
export { getGroup } from './get-group.js'
export { updateGroup } from './update-group.js'
export { deleteGroup } from './delete-group.js'
export { getAssignment, setAssignment } from './assignments.js'
