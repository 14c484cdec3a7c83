import type { NamespaceDeletedOrganizationsTranslation } from '../../i18n-types.js'

const ja_deletedOrganizations = {
	filter: '削除済み',
	tableLabel: '削除された組織',
	note: '削除された組織は30日間保管され、その後完全に削除されます。それまでは復元できます。',
	columns: {
		name: '名前',
		country: '国',
		deletedAt: '削除日',
		purgeAt: '完全削除日',
		actions: '操作',
	},
	restore: '復元',
	restoreRow: '{name}を復元',
	confirmTitle: '{name}を復元しますか?',
	confirmText: '組織はメンバー、管理者、設定とともに削除前の状態に戻ります。',
	restoredToast: '{name}を復元しました。',
	open: '開く',
	restoreFailed: '組織を復元できませんでした。',
	empty: '過去30日間に削除された組織はありません。',
} satisfies NamespaceDeletedOrganizationsTranslation

export default ja_deletedOrganizations
