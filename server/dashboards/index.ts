/** The handlers of the dashboards area, by operationId. */
export { getDashboard } from './get-dashboard.js'
