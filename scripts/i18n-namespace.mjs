// Moves top-level sections of the dictionary into typesafe-i18n namespaces of their own, in every locale:
// `node scripts/i18n-namespace.mjs organizationImport [more sections…]`, then `npm run gen`.
// A section `x` leaves locales/<lang>/index.ts for locales/<lang>/x/index.ts with the same keys, so the
// call sites (`LL.x.key`) stay as they are; the browser then loads it with the screens that show it (src/app/routes.tsx).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'

const sections = process.argv.slice(2)
if (sections.length === 0) {
  console.error('usage: node scripts/i18n-namespace.mjs <section> [<section>…]')
  process.exit(1)
}
const base = JSON.parse(readFileSync('.typesafe-i18n.json', 'utf8')).baseLocale
const locales = readdirSync('locales', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`locales/${entry.name}/index.ts`))
  .map((entry) => entry.name)
const typeName = (section) => `Namespace${section[0].toUpperCase()}${section.slice(1)}Translation`

for (const locale of locales) {
  const file = `locales/${locale}/index.ts`
  let lines = readFileSync(file, 'utf8').split('\n')
  for (const section of sections) {
    const start = lines.findIndex((line) => line === `\t${section}: {`)
    if (start < 0) throw new Error(`${file}: no top-level section ${section}`)
    const end = lines.findIndex((line, index) => index > start && line === '\t},')
    // the comment lines just above the section go with it
    let first = start
    while (first > 0 && /^\t\/[/*]|^\t \*/.test(lines[first - 1])) first--
    const comments = lines.slice(first, start).map((line) => line.slice(1))
    const body = lines.slice(start + 1, end).map((line) => line.slice(1))
    const name = `${locale.replace('-', '_')}_${section}`
    const type = locale === base ? 'BaseTranslation' : typeName(section)
    mkdirSync(`locales/${locale}/${section}`, { recursive: true })
    writeFileSync(
      `locales/${locale}/${section}/index.ts`,
      [
        `import type { ${type} } from '../../i18n-types.js'`,
        '',
        ...comments,
        `const ${name} = {`,
        ...body,
        `} satisfies ${type}`,
        '',
        `export default ${name}`,
        '',
      ].join('\n'),
    )
    lines = [...lines.slice(0, first), ...lines.slice(end + 1)]
  }
  writeFileSync(file, lines.join('\n'))
}
console.log(`moved ${sections.join(', ')} in ${locales.join(', ')}; now run npm run gen`)
