/** The handlers of the reports area, by operationId. */
export { exportGroupReport } from './export-group-report.js'
