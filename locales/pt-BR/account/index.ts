import type { NamespaceAccountTranslation } from '../../i18n-types.js'

const pt_BR_account = {
	passwordStrength: {
		weak: 'Força da senha: fraca',
		fair: 'Força da senha: razoável',
		good: 'Força da senha: boa',
		strong: 'Força da senha: forte',
		tipCommon: 'Esta senha está entre as mais comuns. Escolha uma que ninguém adivinharia.',
		tipPattern: 'Linhas do teclado, repetições, sequências e datas são fáceis de adivinhar.',
		tipGeneric: 'Quanto mais longa, mais forte: acrescente algumas palavras sem relação entre si.',
	},
	signUp: {
		title: 'Crie sua conta',
		titleWithOrganization: 'Participe de {organization}',
		invitedAs: 'Você foi convidado para participar de {organization} como {role}.',
		invitedEmailHelp: 'O convite foi enviado para este endereço.',
		firstName: 'Nome',
		lastName: 'Sobrenome',
		email: 'E-mail',
		password: 'Senha',
		passwordHelp: 'Pelo menos {min} caracteres.',
		invitationCode: 'Código de convite (opcional)',
		invitationCodeHelp: 'Se a sua escola ou empresa passou um código para você, digite-o aqui para entrar nela agora mesmo.',
		submit: 'Criar conta',
		haveAccount: 'Já tem uma conta? Entrar',
		socialSignUp: 'Cadastrar-se com {provider}',
		successTitle: 'Confira sua caixa de entrada',
		successText: 'Enviamos um e-mail com um link para confirmar sua conta. Abra-o para concluir o cadastro.',
	},
	verifySocial: {
		title: 'Confirme seus dados',
		explanation: 'Vamos criar sua conta com o nome e o e-mail da sua conta {provider}. Eles não podem ser alterados aqui.',
		confirm: 'Criar minha conta',
	},
	undoEmailChange: {
		title: 'Desfazer a alteração de e-mail',
		undoing: 'Desfazendo a alteração de e-mail…',
		undone: 'A alteração de e-mail foi desfeita e sua conta foi desconectada em todos os lugares. Redefina sua senha agora em “Esqueceu a senha?” na página de login.',
		login: 'Ir para o login',
	},
	recoverPassword: {
		again: 'Usar outro e-mail',
		title: 'Esqueceu a senha?',
		text: 'Digite o e-mail da sua conta e enviaremos um link para você criar uma nova senha.',
		submit: 'Enviar link de redefinição',
		sentTitle: 'Confira sua caixa de entrada',
		sentText: 'Se houver uma conta com {email}, enviamos para ela um link para redefinir a senha.',
		backToLogin: 'Voltar para o login',
	},
	resetPassword: {
		askNewLink: 'Pedir um novo link',
		title: 'Crie uma nova senha',
		newPassword: 'Nova senha',
		confirmPassword: 'Confirme a nova senha',
		submit: 'Salvar senha',
		done: 'Sua senha foi alterada. Agora você já pode entrar com ela.',
		invalidLink: 'Este link expirou ou já foi usado. Peça um novo.',
		checking: 'Verificando seu link…',
	},
	resendConfirmation: {
		title: 'Reenviar e-mail de confirmação',
		text: 'Digite o e-mail que você usou no cadastro e enviaremos um novo link de confirmação.',
		submit: 'Enviar link',
		sent: 'Se houver uma conta não confirmada com este e-mail, um novo link de confirmação está a caminho.',
	},
} satisfies NamespaceAccountTranslation

export default pt_BR_account
