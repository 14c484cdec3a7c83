import type { NamespaceFlowsTranslation } from '../../i18n-types.js'

// the flow gallery (src/flows/FlowsPage.tsx): machine and state names stay as the machines spell them
const ja_flows = {
	title: 'フローギャラリー',
	intro: 'ポータルのすべてのフローを、そのマシンから描いたものです。状態を選ぶと、その状態が実装する仕様の本文が表示されます。',
	contents: 'フロー',
	diagram: '{name}のステートチャート',
	drawing: 'ステートチャートを描画しています…',
	drawFailed: 'ステートチャートを描画できませんでした。',
	copy: 'Stately エディター用にコピー',
	copied: 'コピーしました。Stately エディターで Import from code を選び、貼り付けてください。',
	copyFailed: 'クリップボードにコピーできませんでした。',
	screens: 'このフローが動かす画面',
	noScreens: 'このフローを使う画面はありません。',
	states: '状態',
	state: '状態',
	description: '説明',
	events: 'イベント',
	none: 'なし',
	noDescription: '説明なし',
	spec: '仕様の本文',
	specFor: '{state}の仕様の本文',
	pickState: 'ステートチャートで状態を選ぶ（またはフォーカスして Enter を押す）と、その状態が実装する仕様の本文が表示されます。',
	flowSpec: 'フロー全体の仕様の本文',
	inheritedFrom: 'この本文は親の状態 {parent} が実装しています。',
	noStateSpec: '仕様にはこの状態だけについての記述がありません。フロー全体の本文を表示しています。',
	source: '出典：{document}、セクション {section}',
} satisfies NamespaceFlowsTranslation

export default ja_flows
