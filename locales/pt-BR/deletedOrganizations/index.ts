import type { NamespaceDeletedOrganizationsTranslation } from '../../i18n-types.js'

const pt_BR_deletedOrganizations = {
	filter: 'Excluídas',
	tableLabel: 'Organizações excluídas',
	note: 'As organizações excluídas são mantidas por 30 dias e depois apagadas definitivamente. Até lá, podem ser restauradas.',
	columns: {
		name: 'Nome',
		country: 'País',
		deletedAt: 'Excluída em',
		purgeAt: 'Apagada definitivamente em',
		actions: 'Ações',
	},
	restore: 'Restaurar',
	restoreRow: 'Restaurar {name}',
	confirmTitle: 'Restaurar {name}?',
	confirmText: 'A organização volta com seus membros, administradores e configurações, como estava antes da exclusão.',
	restoredToast: '{name} foi restaurada.',
	open: 'Abrir',
	restoreFailed: 'Não foi possível restaurar a organização.',
	empty: 'Nenhuma organização foi excluída nos últimos 30 dias.',
} satisfies NamespaceDeletedOrganizationsTranslation

export default pt_BR_deletedOrganizations
