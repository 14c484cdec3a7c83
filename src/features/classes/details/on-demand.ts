import { onDemand } from '../../../app/on-demand'

/**
 * The class page's parts that are not on its first view (issue 21: code on demand): the dialogs of the
 * overview's buttons, the students and reports tabs, and the two ways of adding students (the students
 * tab's menu, or /invite). Each comes when a control that shows it is pointed at or focused.
 */
const dialogs = () => import('./ClassDialogs')
export const EditClassDialog = onDemand(() => dialogs().then((m) => m.EditClassDialog))
export const GoalsDialog = onDemand(() => dialogs().then((m) => m.GoalsDialog))
export const AssignTeacherDialog = onDemand(() => dialogs().then((m) => m.AssignTeacherDialog))
export const ConfirmDialog = onDemand(() => dialogs().then((m) => m.ConfirmDialog))
export const AddStudentsDialog = onDemand(() => import('./AddStudentsDialog').then((m) => m.AddStudentsDialog))
export const UploadStudents = onDemand(() => import('./UploadStudents').then((m) => m.UploadStudents))
export const ClassStudentsTab = onDemand(() => import('./ClassStudentsTab').then((m) => m.ClassStudentsTab))
export const ClassReports = onDemand(() => import('../../reports/ClassReports').then((m) => m.ClassReports))
