import type { NamespaceClassUserImportTranslation } from '../../i18n-types.js'

// The user import into classes (/organization/{id}/classes/import-users): upload, preview per class, consent, send.
const es_MX_classUserImport = {
	templateXlsx: 'Plantilla (.xlsx)',
	templateCsv: 'Plantilla (.csv)',
	drop: 'Suelta aquí un archivo .xlsx o .csv',
	consent: 'Inscribirlos de inmediato: tengo su permiso',
	consentHelp: 'Si no, cada estudiante recibe una invitación que debe aceptar.',
	sending: 'Enviando…',
	ready: 'Listo para enviar las invitaciones.',
	fixErrors: 'Corrige estas filas en el archivo, luego quítalo y súbelo de nuevo.',
	summary: '{total} {{fila|filas}} en el archivo, {errors} con errores',
	rowColumn: 'Fila',
	emailColumn: 'Correo electrónico',
	statusColumn: 'Revisión',
	noClass: '(sin nombre de clase)',
	sent: 'Se enviaron las invitaciones',
	perClass: '{name}: {invited} invitados, {joined} inscritos',
	confirm: 'Enviar las invitaciones ({count})',
	school: {
		title: 'Importar usuarios a clases',
		intro: 'Sube un archivo .xlsx o .csv con una persona por fila: su correo electrónico y el nombre de su clase. Se revisa cada fila antes de invitar a nadie.',
		adminOnly: 'Solo los administradores de la organización pueden importar usuarios a clases.',
		back: 'Volver a las clases',
		action: 'Importar usuarios a clases',
	},
	company: {
		title: 'Importar usuarios a equipos',
		intro: 'Sube un archivo .xlsx o .csv con una persona por fila: su correo electrónico y el nombre de su equipo. Se revisa cada fila antes de invitar a nadie.',
		adminOnly: 'Solo los administradores de la organización pueden importar usuarios a equipos.',
		back: 'Volver a los equipos',
		action: 'Importar usuarios a equipos',
	},
	// what each preview row will do (and did, once confirmed)
	rowStatus: {
		invited: 'Invitado',
		school: {
			joins: 'Se inscribe en la clase de inmediato (es estudiante de la organización)',
			invitedStudent: 'Recibirá una invitación a la clase y la aceptará por su cuenta (es estudiante de la organización)',
			invitedNew: 'Recibirá una invitación a la organización y a la clase',
			joined: 'Inscrito en la clase',
		},
		company: {
			joins: 'Se une al equipo de inmediato (es empleado de la organización)',
			invitedStudent: 'Recibirá una invitación al equipo y la aceptará por su cuenta (es empleado de la organización)',
			invitedNew: 'Recibirá una invitación a la organización y al equipo',
			joined: 'Se unió al equipo',
		},
	},
} satisfies NamespaceClassUserImportTranslation

export default es_MX_classUserImport
