import type { NamespaceClassUserImportTranslation } from '../../i18n-types.js'

// The user import into classes (/organization/{id}/classes/import-users): upload, preview per class, consent, send.
const ja_classUserImport = {
	templateXlsx: 'テンプレート (.xlsx)',
	templateCsv: 'テンプレート (.csv)',
	drop: '.xlsx または .csv ファイルをここにドロップ',
	consent: 'すぐに登録する（本人の許可を得ています）',
	consentHelp: '登録しない場合、各学習者は招待を承諾する必要があります。',
	sending: '送信中…',
	ready: '招待を送信する準備ができました。',
	fixErrors: 'ファイルのこれらの行を修正し、ファイルを削除してから再度アップロードしてください。',
	summary: 'ファイルに {total} 行、うちエラー {errors} 行',
	rowColumn: '行',
	emailColumn: 'メールアドレス',
	statusColumn: 'チェック',
	noClass: '（クラス名なし）',
	sent: '招待を送信しました',
	perClass: '{name}：招待 {invited} 人、登録 {joined} 人',
	confirm: '招待を送信 ({count})',
	school: {
		title: 'ユーザーをクラスにインポート',
		intro: '1行に1人ずつ、メールアドレスとクラス名を記入した .xlsx または .csv ファイルをアップロードしてください。招待の前にすべての行がチェックされます。',
		adminOnly: 'ユーザーをクラスにインポートできるのは組織の管理者だけです。',
		back: 'クラス一覧に戻る',
		action: 'ユーザーをクラスにインポート',
	},
	company: {
		title: 'ユーザーをチームにインポート',
		intro: '1行に1人ずつ、メールアドレスとチーム名を記入した .xlsx または .csv ファイルをアップロードしてください。招待の前にすべての行がチェックされます。',
		adminOnly: 'ユーザーをチームにインポートできるのは組織の管理者だけです。',
		back: 'チーム一覧に戻る',
		action: 'ユーザーをチームにインポート',
	},
	// what each preview row will do (and did, once confirmed)
	rowStatus: {
		invited: '招待済み',
		school: {
			joins: 'すぐにクラスに登録されます（組織の生徒です）',
			invitedStudent: 'クラスへの招待が届き、本人が承認します（組織の生徒です）',
			invitedNew: '組織とクラスへの招待が届きます',
			joined: 'クラスに登録済み',
		},
		company: {
			joins: 'すぐにチームに登録されます（組織の社員です）',
			invitedStudent: 'チームへの招待が届き、本人が承認します（組織の社員です）',
			invitedNew: '組織とチームへの招待が届きます',
			joined: 'チームに登録済み',
		},
	},
} satisfies NamespaceClassUserImportTranslation

export default ja_classUserImport
