import type { NamespacePersonClassesTranslation } from '../../i18n-types.js'

// The classes on a student's or teacher's details, and the teachers list's counts (spec §2).
const pt_BR_personClasses = {
	school: {
		title: 'Turmas',
		studentNone: 'Ainda não está em nenhuma turma.',
		teacherNone: 'Ainda não leciona em nenhuma turma.',
		failed: 'Não foi possível carregar as turmas.',
		showAll: 'Ver todas as {count} turmas',
		classesTaught: 'Turmas em que leciona',
		studentsTaught: 'Alunos nessas turmas',
		studentsColumn: 'Alunos',
	},
	company: {
		title: 'Equipes',
		studentNone: 'Ainda não está em nenhuma equipe.',
		teacherNone: 'Ainda não lidera nenhuma equipe.',
		failed: 'Não foi possível carregar as equipes.',
		showAll: 'Ver todas as {count} equipes',
		classesTaught: 'Equipes que lidera',
		studentsTaught: 'Funcionários nessas equipes',
		studentsColumn: 'Funcionários',
	},
	showFewer: 'Ver menos',
	dates: 'De {start} a {end}',
} satisfies NamespacePersonClassesTranslation

export default pt_BR_personClasses
