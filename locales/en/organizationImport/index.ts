import type { BaseTranslation } from '../../i18n-types.js'

const en_organizationImport = {
	open: 'Import',
	title: 'Import organizations',
	intro: 'Upload a .csv or .xlsx file with one organization per row, under a header row. Each owner is invited by email as the organization\'s admin. Nothing is created before you confirm.',
	templateCsv: 'Download the template (.csv)',
	templateXlsx: 'Download the template (.xlsx)',
	templateFailed: 'The template could not be downloaded.',
	drop: 'Drop a .csv or .xlsx file here',
	choose: 'Choose a file',
	uploading: 'Reading {file:string}…',
	fileTooLarge: 'The file is too large: at most {max:number} KB.',
	uploadFailed: 'The file could not be uploaded.',
	counts: '{total:number} {{row|rows}}, {errors:number} with errors',
	onlyErrors: 'Only rows with errors',
	tableLabel: 'Rows of the file',
	columns: {
		row: 'Row',
		name: 'Name',
		owner: 'Owner email',
		status: 'Errors',
	},
	rowReady: 'Ready',
	fixAndUpload: 'Fix the rows with errors in the file and upload it again. Nothing was created.',
	uploadAgain: 'Upload another file',
	confirm: 'Create {count:number} {{organization|organizations}}',
	creating: 'Creating the organizations…',
	confirmFailed: 'The organizations could not be created.',
	created: '{count:number} {{organization was|organizations were}} created and their owners invited by email.',
	// server answers: the file
	tooManyRows: 'The file has more than {max:number} rows. Split it into smaller files.',
	unreadable: 'The file could not be read. Save it again as .csv or .xlsx and upload it again.',
	empty: 'The file has no rows under its header row.',
	missingColumns: 'The file has no column {columns:string}. Download the template to see the columns.',
	hasErrors: 'Some rows have errors. Fix the file and upload it again.',
	// server answers: a row
	nameTaken: 'An organization with this name already exists.',
	nameTwice: 'This name is also on row {row:number}.',
	countryOutOfReach: 'You can import organizations of {country:string} only.',
	yesOrNo: 'Write yes or no (or leave it empty for no).',
} satisfies BaseTranslation

export default en_organizationImport
