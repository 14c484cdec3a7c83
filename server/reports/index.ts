/** The handlers of the reports area (practice figures from the daily rollups), by operationId. */
export { getClassReport } from './class-report.js'
export { getClassSummary } from './class-summary.js'
export { getLearnerReport } from './learner-report.js'
export { getOrganizationReport } from './organization-report.js'
export { getTeacherReport } from './teacher-report.js'
export { exportGroupReport } from './export-group-report.js'
