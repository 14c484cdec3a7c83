import type { NamespacePersonClassesTranslation } from '../../i18n-types.js'

// The classes on a student's or teacher's details, and the teachers list's counts (spec §2).
const ja_personClasses = {
	school: {
		title: 'クラス',
		studentNone: 'まだどのクラスにも入っていません。',
		teacherNone: '担当しているクラスはまだありません。',
		failed: 'クラスを読み込めませんでした。',
		showAll: '{count}件のクラスをすべて表示',
		classesTaught: '担当クラス数',
		studentsTaught: '担当クラスの生徒数',
		studentsColumn: '生徒',
	},
	company: {
		title: 'チーム',
		studentNone: 'まだどのチームにも入っていません。',
		teacherNone: '率いているチームはまだありません。',
		failed: 'チームを読み込めませんでした。',
		showAll: '{count}件のチームをすべて表示',
		classesTaught: '担当チーム数',
		studentsTaught: '担当チームの社員数',
		studentsColumn: '社員',
	},
	showFewer: '表示を減らす',
	dates: '{start}～{end}',
} satisfies NamespacePersonClassesTranslation

export default ja_personClasses
