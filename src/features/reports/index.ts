// The reports area as other areas use it: the sections a page mounts.
export { ClassReports } from './ClassReports'
export { ClassSummary } from './ClassSummary'
export { StudentReports } from './StudentReports'
export { TeacherReports } from './TeacherReports'
