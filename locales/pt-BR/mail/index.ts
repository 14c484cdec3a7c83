import type { NamespaceMailTranslation } from '../../i18n-types.js'

const pt_BR_mail = {
	signature: 'Equipe Pronunciation Portal',
	linkFallback: 'Se o botão não funcionar, copie este link no seu navegador:',
	linkExpires: 'Este link funciona até {expires|dateTime}.',
	confirmAccount: {
		subject: 'Confirme seu endereço de e-mail',
		greeting: 'Olá, {name}!',
		body: 'Obrigado por se cadastrar no Pronunciation Portal. Confirme seu endereço de e-mail para começar a usar sua conta.',
		action: 'Confirmar meu e-mail',
		footer: 'Se você não criou esta conta, pode ignorar este e-mail.',
	},
	resetPassword: {
		subject: 'Redefina sua senha',
		greeting: 'Olá, {name}!',
		body: 'Recebemos um pedido para redefinir a senha da sua conta. Use o botão abaixo para criar uma nova. O link só pode ser usado uma vez.',
		action: 'Criar uma nova senha',
		footer: 'Se você não fez esse pedido, pode ignorar este e-mail. Sua senha continua a mesma.',
	},
	invitation: {
		subject: 'Você foi convidado para participar de {organization}',
		greeting: 'Olá, {name}!',
		body: '{organization} convidou você para participar do Pronunciation Portal. Sua função: {role}.',
		action: 'Aceitar convite',
		footer: 'Se você não esperava este convite, pode ignorar este e-mail.',
	},
	emailChanged: {
		subject: 'Seu endereço de e-mail foi alterado',
		greeting: 'Olá, {name}!',
		body: 'O endereço de e-mail da sua conta do Pronunciation Portal foi alterado para {email}.',
		action: 'Abrir meu perfil',
		footer: 'Se não foi você quem fez essa alteração, redefina sua senha e fale imediatamente com o administrador da sua organização.',
	},
	emailChangeRequested: {
		subject: 'Foi solicitada uma alteração do seu endereço de e-mail',
		greeting: 'Olá, {name},',
		body: 'Alguém pediu para alterar o endereço de e-mail da sua conta do Pronunciation Portal para {email}.',
		action: 'Desfazer esta alteração',
		footer: 'Se foi você, pode ignorar este e-mail. Se não, desfaça a alteração: todas as sessões da sua conta serão encerradas; depois redefina sua senha.',
	},
	confirmNewEmail: {
		subject: 'Confirme seu novo endereço de e-mail',
		greeting: 'Olá, {name}!',
		body: 'Confirme que {email} é o novo endereço de e-mail da sua conta do Pronunciation Portal.',
		action: 'Confirmar novo e-mail',
		footer: 'Se você não pediu essa alteração, pode ignorar este e-mail. Seu endereço continua o mesmo.',
	},
	signUpAttempt: {
		subject: 'Alguém tentou se cadastrar com o seu e-mail',
		greeting: 'Olá, {name}!',
		body: 'Alguém tentou criar uma nova conta no Pronunciation Portal com {email}. Você já tem uma conta com este e-mail, então nenhuma conta nova foi criada e nada mudou na sua. Se foi você, entre com a sua conta. Se esqueceu a senha, escolha uma nova pelo botão abaixo.',
		action: 'Escolher uma nova senha',
		login: 'Entrar',
		footer: 'Se não foi você, pode ignorar este e-mail. Sua conta e sua senha continuam as mesmas.',
	},
	passwordChanged: {
		subject: 'Sua senha foi alterada',
		greeting: 'Olá, {name}!',
		body: 'A senha da sua conta do Pronunciation Portal acabou de ser alterada.',
		action: 'Entrar',
		footer: 'Se não foi você quem alterou, redefina sua senha imediatamente e fale com o administrador da sua organização.',
	},
	appLink: {
		ios: 'iPhone ou iPad',
		android: 'celular Android',
		subject: 'Seu link para o app de pronúncia',
		greeting: 'Olá,',
		body: 'Aqui está o link para instalar o app de pronúncia no seu {platform}. Entre com a conta que você usa no portal e comece a praticar.',
		action: 'Instalar o app',
		footer: 'Alguém pediu ao Portal de Pronúncia para enviar este link a este endereço. Se não foi você, pode ignorar este e-mail.',
		sms: 'Seu link para instalar o app de pronúncia: {link}',
		mailed: 'O link está a caminho de {email}.',
		texted: 'O link está a caminho de {phone}.',
		phoneInvalid: 'Este não é um número de telefone desse código de país.',
	},
} satisfies NamespaceMailTranslation

export default pt_BR_mail
