import type { BaseTranslation } from '../../i18n-types.js'

// the export menu of a class (src/features/reports/ExportMenu.tsx)
const en_classExports = {
	menu: 'Export',
	heading: '{what:string} reports',
	downloading: 'Downloading…',
	activityCsv: 'Activity report (CSV)',
	activityXlsx: 'Activity report (Excel)',
	assessmentCsv: 'Assessment report (CSV)',
	assessmentXlsx: 'Assessment report (Excel)',
	lessonCsv: 'Lesson detail report (CSV)',
	lessonXlsx: 'Lesson detail report (Excel)',
	failed: 'The export could not be downloaded.',
	retry: 'Try again',
	dismiss: 'Dismiss',
	// said when the server refuses (403): the class or, in a company, the team
	school: {
		forbidden: 'You can no longer export this class. Reload the page to see what you can do.',
	},
	company: {
		forbidden: 'You can no longer export this team. Reload the page to see what you can do.',
	},
} satisfies BaseTranslation

export default en_classExports
