import type { NamespacePersonClassesTranslation } from '../../i18n-types.js'

// The classes on a student's or teacher's details, and the teachers list's counts (spec §2).
const es_MX_personClasses = {
	school: {
		title: 'Clases',
		studentNone: 'Aún no está en ninguna clase.',
		teacherNone: 'Aún no imparte ninguna clase.',
		failed: 'No se pudieron cargar las clases.',
		showAll: 'Ver las {count} clases',
		classesTaught: 'Clases que imparte',
		studentsTaught: 'Alumnos en estas clases',
		studentsColumn: 'Alumnos',
	},
	company: {
		title: 'Equipos',
		studentNone: 'Aún no está en ningún equipo.',
		teacherNone: 'Aún no dirige ningún equipo.',
		failed: 'No se pudieron cargar los equipos.',
		showAll: 'Ver los {count} equipos',
		classesTaught: 'Equipos que dirige',
		studentsTaught: 'Empleados en estos equipos',
		studentsColumn: 'Empleados',
	},
	showFewer: 'Ver menos',
	dates: 'Del {start} al {end}',
} satisfies NamespacePersonClassesTranslation

export default es_MX_personClasses
