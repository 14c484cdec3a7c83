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
	forbidden: 'このクラスをエクスポートする権限がなくなりました。ページを再読み込みして、できる操作を確認してください。',
	retry: '再試行',
	dismiss: '閉じる',
} satisfies NamespaceClassExportsTranslation

export default ja_classExports
