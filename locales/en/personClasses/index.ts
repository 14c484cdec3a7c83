import type { BaseTranslation } from '../../i18n-types.js'

// The classes on a student's or teacher's details, and the teachers list's counts (spec §2).
const en_personClasses = {
	school: {
		title: 'Classes',
		studentNone: 'Not in a class yet.',
		teacherNone: 'Teaches no class yet.',
		failed: 'The classes could not be loaded.',
		showAll: 'Show all {count:number} classes',
		classesTaught: 'Classes taught',
		studentsTaught: 'Students in these classes',
		studentsColumn: 'Students',
	},
	company: {
		title: 'Teams',
		studentNone: 'Not in a team yet.',
		teacherNone: 'Leads no team yet.',
		failed: 'The teams could not be loaded.',
		showAll: 'Show all {count:number} teams',
		classesTaught: 'Teams led',
		studentsTaught: 'Employees in these teams',
		studentsColumn: 'Employees',
	},
	showFewer: 'Show fewer',
	dates: '{start:string} – {end:string}',
} satisfies BaseTranslation

export default en_personClasses
