import type { NamespaceClassExportsTranslation } from '../../i18n-types.js'

// the export menu of a class (src/features/reports/ExportMenu.tsx)
const es_MX_classExports = {
	menu: 'Exportar',
	heading: 'Reportes: {what}',
	downloading: 'Descargando…',
	activityCsv: 'Reporte de actividad (CSV)',
	activityXlsx: 'Reporte de actividad (Excel)',
	assessmentCsv: 'Reporte de evaluaciones (CSV)',
	assessmentXlsx: 'Reporte de evaluaciones (Excel)',
	lessonCsv: 'Reporte de detalle de lecciones (CSV)',
	lessonXlsx: 'Reporte de detalle de lecciones (Excel)',
	failed: 'No se pudo descargar la exportación.',
	retry: 'Intentar de nuevo',
	dismiss: 'Cerrar',
	// said when the server refuses (403): the class or, in a company, the team
	school: {
		forbidden: 'Ya no puedes exportar esta clase. Recarga la página para ver lo que puedes hacer.',
	},
	company: {
		forbidden: 'Ya no puedes exportar este equipo. Recarga la página para ver lo que puedes hacer.',
	},
} satisfies NamespaceClassExportsTranslation

export default es_MX_classExports
