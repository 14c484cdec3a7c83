import type { BaseTranslation } from '../../i18n-types.js'

// The user import into classes (/organization/{id}/classes/import-users): upload, preview per class, consent, send.
const en_classUserImport = {
	templateXlsx: 'Template (.xlsx)',
	templateCsv: 'Template (.csv)',
	drop: 'Drop an .xlsx or .csv file here',
	consent: 'Enroll them at once: I have their permission',
	consentHelp: 'Otherwise each learner gets an invitation to accept.',
	sending: 'Sending…',
	ready: 'Ready to send the invitations.',
	fixErrors: 'Fix these rows in the file, then remove it and upload it again.',
	summary: '{total:number} {{row|rows}} in the file, {errors:number} with errors',
	rowColumn: 'Row',
	emailColumn: 'E-mail',
	statusColumn: 'Check',
	noClass: '(no class name)',
	sent: 'The invitations were sent',
	perClass: '{name:string}: {invited:number} invited, {joined:number} enrolled',
	confirm: 'Send the invitations ({count:number})',
	school: {
		title: 'Import users into classes',
		intro: 'Upload an .xlsx or .csv file with one person per row: their e-mail address and the name of their class. Every row is checked before anyone is invited.',
		adminOnly: 'Only the admins of the organization can import users into classes.',
		back: 'Back to the classes',
		action: 'Import users into classes',
	},
	company: {
		title: 'Import users into teams',
		intro: 'Upload an .xlsx or .csv file with one person per row: their e-mail address and the name of their team. Every row is checked before anyone is invited.',
		adminOnly: 'Only the admins of the organization can import users into teams.',
		back: 'Back to the teams',
		action: 'Import users into teams',
	},
	// what each preview row will do (and did, once confirmed)
	rowStatus: {
		invited: 'Invited',
		school: {
			joins: 'Joins the class at once (a student of the organization)',
			invitedStudent: 'Will be invited to the class and accept on their own (a student of the organization)',
			invitedNew: 'Will be invited to the organization and the class',
			joined: 'Joined the class',
		},
		company: {
			joins: 'Joins the team at once (an employee of the organization)',
			invitedStudent: 'Will be invited to the team and accept on their own (an employee of the organization)',
			invitedNew: 'Will be invited to the organization and the team',
			joined: 'Joined the team',
		},
	},
} satisfies BaseTranslation

export default en_classUserImport
