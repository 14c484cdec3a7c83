import type { NamespaceDeletedOrganizationsTranslation } from '../../i18n-types.js'

const es_MX_deletedOrganizations = {
	filter: 'Eliminadas',
	tableLabel: 'Organizaciones eliminadas',
	note: 'Las organizaciones eliminadas se conservan 30 días y después se borran definitivamente. Hasta entonces se pueden restaurar.',
	columns: {
		name: 'Nombre',
		country: 'País',
		deletedAt: 'Eliminada',
		purgeAt: 'Se borra definitivamente',
		actions: 'Acciones',
	},
	restore: 'Restaurar',
	restoreRow: 'Restaurar {name}',
	confirmTitle: '¿Restaurar {name}?',
	confirmText: 'La organización vuelve con sus miembros, administradores y configuración, tal como estaba antes de eliminarla.',
	restoredToast: '{name} se restauró.',
	open: 'Abrir',
	restoreFailed: 'No se pudo restaurar la organización.',
	empty: 'No se eliminó ninguna organización en los últimos 30 días.',
} satisfies NamespaceDeletedOrganizationsTranslation

export default es_MX_deletedOrganizations
