import type { NamespaceMailTranslation } from '../../i18n-types.js'

const ja_mail = {
	signature: 'Pronunciation Portal チーム',
	linkFallback: 'ボタンが機能しない場合は、次のリンクをブラウザにコピーしてください:',
	linkExpires: 'このリンクの有効期限は {expires|dateTime} です。',
	confirmAccount: {
		subject: 'メールアドレスの確認',
		greeting: '{name} 様',
		body: 'Pronunciation Portal にご登録いただきありがとうございます。アカウントの利用を開始するには、メールアドレスを確認してください。',
		action: 'メールアドレスを確認',
		footer: 'このアカウントに心当たりがない場合は、このメールを無視してください。',
	},
	resetPassword: {
		subject: 'パスワードのリセット',
		greeting: '{name} 様',
		body: 'アカウントのパスワードをリセットするリクエストを受け付けました。下のボタンから新しいパスワードを設定してください。このリンクは 1 回のみ使用できます。',
		action: '新しいパスワードを設定',
		footer: 'お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
	},
	invitation: {
		subject: '{organization} への招待',
		greeting: '{name} 様',
		body: '{organization} から Pronunciation Portal への招待が届きました。役割: {role}',
		action: '招待を承諾',
		footer: 'この招待にお心当たりがない場合は、このメールを無視してください。',
	},
	emailChanged: {
		subject: 'メールアドレスが変更されました',
		greeting: '{name} 様',
		body: 'Pronunciation Portal アカウントのメールアドレスが {email} に変更されました。',
		action: 'プロフィールを開く',
		footer: 'この変更にお心当たりがない場合は、すぐにパスワードをリセットし、組織の管理者にご連絡ください。',
	},
	emailChangeRequested: {
		subject: 'メールアドレスの変更が依頼されました',
		greeting: '{name} さん',
		body: 'Pronunciation Portal アカウントのメールアドレスを {email} に変更する依頼がありました。',
		action: 'この変更を取り消す',
		footer: 'ご自身による変更であれば、このメールは無視してかまいません。心当たりがない場合は変更を取り消してください（アカウントはすべての端末でログアウトされます）。その後、パスワードを再設定してください。',
	},
	confirmNewEmail: {
		subject: '新しいメールアドレスの確認',
		greeting: '{name} 様',
		body: '{email} が Pronunciation Portal アカウントの新しいメールアドレスであることを確認してください。',
		action: '新しいメールアドレスを確認',
		footer: 'この変更をリクエストしていない場合は、このメールを無視してください。メールアドレスは変更されません。',
	},
	signUpAttempt: {
		subject: 'あなたのメールアドレスで登録しようとした人がいます',
		greeting: '{name} 様',
		body: '{email} で Pronunciation Portal の新しいアカウントを作成しようとした人がいます。このメールアドレスのアカウントはすでにあるため、新しいアカウントは作成されず、あなたのアカウントも何も変更されていません。ご本人の場合は、お持ちのアカウントでログインしてください。パスワードを忘れた場合は、下のボタンから新しいパスワードを設定してください。',
		action: '新しいパスワードを設定する',
		login: 'ログイン',
		footer: 'お心当たりがない場合は、このメールを無視してください。アカウントとパスワードはそのままです。',
	},
	passwordChanged: {
		subject: 'パスワードが変更されました',
		greeting: '{name} 様',
		body: 'Pronunciation Portal アカウントのパスワードが変更されました。',
		action: 'ログイン',
		footer: 'パスワードを変更した覚えがない場合は、すぐにパスワードをリセットし、組織の管理者にご連絡ください。',
	},
	appLink: {
		ios: 'iPhone または iPad',
		android: 'Android 端末',
		subject: '発音アプリのリンク',
		greeting: 'こんにちは。',
		body: 'お使いの {platform} に発音アプリをインストールするためのリンクです。ポータルと同じアカウントでサインインして、練習を始めましょう。',
		action: 'アプリをインストール',
		footer: 'どなたかが発音ポータルからこのアドレスにこのリンクを送るよう依頼しました。お心当たりがない場合は、このメールを無視してください。',
		sms: '発音アプリのインストール用リンク: {link}',
		mailed: '{email} にリンクを送信しています。',
		texted: '{phone} にリンクを送信しています。',
		phoneInvalid: 'この国番号の電話番号ではありません。',
	},
} satisfies NamespaceMailTranslation

export default ja_mail
