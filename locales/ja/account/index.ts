import type { NamespaceAccountTranslation } from '../../i18n-types.js'

const ja_account = {
	passwordStrength: {
		weak: 'パスワードの強度: 弱い',
		fair: 'パスワードの強度: 普通',
		good: 'パスワードの強度: 良い',
		strong: 'パスワードの強度: 強い',
		tipCommon: 'このパスワードはよく使われるものの一つです。推測されにくいものを選んでください。',
		tipPattern: 'キーボードの並び、繰り返し、連続した文字、日付は推測されやすくなります。',
		tipGeneric: '長いほど強くなります。関係のない単語をいくつか加えてください。',
	},
	signUp: {
		title: 'アカウントを作成',
		titleWithOrganization: '{organization} に参加',
		invitedAs: '{organization}に{role}として招待されています。',
		invitedEmailHelp: '招待はこのメールアドレスに送信されました。',
		firstName: '名',
		lastName: '姓',
		email: 'メールアドレス',
		password: 'パスワード',
		passwordHelp: '{min} 文字以上',
		invitationCode: '招待コード（任意）',
		invitationCodeHelp: '学校や会社から招待コードを受け取っている場合は、ここに入力するとすぐに参加できます。',
		submit: 'アカウントを作成',
		haveAccount: 'すでにアカウントをお持ちですか？ログイン',
		socialSignUp: '{provider} で登録',
		successTitle: 'メールをご確認ください',
		successText: 'アカウントを確認するためのリンクをメールでお送りしました。リンクを開いて登録を完了してください。',
	},
	verifySocial: {
		title: '登録情報の確認',
		explanation: '{provider} アカウントの名前とメールアドレスでアカウントを作成します。ここでは変更できません。',
		confirm: 'アカウントを作成',
	},
	undoEmailChange: {
		title: 'メールアドレスの変更を取り消す',
		undoing: 'メールアドレスの変更を取り消しています…',
		undone: 'メールアドレスの変更を取り消し、すべての端末でログアウトしました。ログインページの「パスワードをお忘れですか？」から、今すぐパスワードを再設定してください。',
		login: 'ログインページへ',
	},
	recoverPassword: {
		again: '別のメールアドレスを使う',
		title: 'パスワードをお忘れですか？',
		text: 'アカウントのメールアドレスを入力してください。新しいパスワードを設定するためのリンクをお送りします。',
		submit: 'リセット用リンクを送信',
		sentTitle: 'メールをご確認ください',
		sentText: '{email} のアカウントが存在する場合は、パスワードをリセットするためのリンクをお送りしました。',
		backToLogin: 'ログインに戻る',
	},
	resetPassword: {
		askNewLink: '新しいリンクを申請する',
		title: '新しいパスワードの設定',
		newPassword: '新しいパスワード',
		confirmPassword: '新しいパスワード（確認）',
		submit: 'パスワードを保存',
		done: 'パスワードを変更しました。新しいパスワードでログインできます。',
		invalidLink: 'このリンクは有効期限が切れているか、すでに使用されています。新しいリンクをリクエストしてください。',
		checking: 'リンクを確認しています…',
	},
	resendConfirmation: {
		title: '確認メールの再送信',
		text: '登録したメールアドレスを入力してください。新しい確認リンクをお送りします。',
		submit: 'リンクを送信',
		sent: 'このメールアドレスで未確認のアカウントがある場合は、新しい確認リンクをお送りしました。',
	},
} satisfies NamespaceAccountTranslation

export default ja_account
