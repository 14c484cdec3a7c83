import type { BaseTranslation } from '../../i18n-types.js'

const en_deletedOrganizations = {
	filter: 'Deleted',
	tableLabel: 'Deleted organizations',
	note: 'Deleted organizations are kept for 30 days, then removed for good. Until then they can be restored.',
	columns: {
		name: 'Name',
		country: 'Country',
		deletedAt: 'Deleted',
		purgeAt: 'Removed for good',
		actions: 'Actions',
	},
	restore: 'Restore',
	restoreRow: 'Restore {name:string}',
	confirmTitle: 'Restore {name:string}?',
	confirmText: 'The organization comes back with its members, admins and settings, as it was before the delete.',
	restoredToast: '{name:string} was restored.',
	open: 'Open',
	restoreFailed: 'The organization could not be restored.',
	empty: 'No organization was deleted in the last 30 days.',
} satisfies BaseTranslation

export default en_deletedOrganizations
