import type { NamespaceClassExportsTranslation } from '../../i18n-types.js'

// the export menu of a class (src/features/reports/ExportMenu.tsx)
const ja_classExports = {
	menu: 'エクスポート',
	heading: '{what}のレポート',
	downloading: 'ダウンロード中…',
	activityCsv: 'アクティビティレポート（CSV）',
	activityXlsx: 'アクティビティレポート（Excel）',
	assessmentCsv: 'アセスメントレポート（CSV）',
	assessmentXlsx: 'アセスメントレポート（Excel）',
	lessonCsv: 'レッスン詳細レポート（CSV）',
	lessonXlsx: 'レッスン詳細レポート（Excel）',
	failed: 'エクスポートをダウンロードできませんでした。',
	retry: '再試行',
	dismiss: '閉じる',
	// said when the server refuses (403): the class or, in a company, the team
	school: {
		forbidden: 'このクラスをエクスポートする権限がなくなりました。ページを再読み込みして、できる操作を確認してください。',
	},
	company: {
		forbidden: 'このチームをエクスポートする権限がなくなりました。ページを再読み込みして、できる操作を確認してください。',
	},
} satisfies NamespaceClassExportsTranslation

export default ja_classExports
