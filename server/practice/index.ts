/** The handlers of the practice area (what the mobile app sends), by operationId. */
export { recordPracticeEventsHandler as recordPracticeEvents } from './record-events.js'
